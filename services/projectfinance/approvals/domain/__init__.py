"""The approvals' rules, pure: what a request is and how it is checked (`requests`),
how it moves (`decisions`) and from which amount an entity type needs one
(`thresholds`)."""
