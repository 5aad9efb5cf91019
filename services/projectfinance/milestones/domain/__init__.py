"""The milestones' rules: the milestone and its moves (`milestones`), the checks of what
a client sends (`fields`), and the invoice saga's start (`sagas`)."""
