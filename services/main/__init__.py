"""The main backend: identity (users, sessions, MFA, devices, tokens, security dashboard)."""
