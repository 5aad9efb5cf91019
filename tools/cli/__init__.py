"""The `finplat` command line: one module per sub-command."""
