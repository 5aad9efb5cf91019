"""The records capability's pure rules: a record and its checks (`records`) and the
figures derived from its phases, milestones and cost centers (`figures`)."""
