"""finplat backends: one package per backend, plus the shared server runtime."""
