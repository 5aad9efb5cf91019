"""The security dashboard's rules, pure: suspicious-login detection (`anomalies`), the
summaries of a login history (`dashboard`) and the queries' answers and limits
(`reports`)."""
