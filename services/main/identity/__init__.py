"""The identity capability of the main backend: users, sessions, MFA, devices, tokens and
the security dashboard.

Its domain building blocks (passwords, hashing, totp, recovery_codes, emails, messages,
anomalies, dashboard, throttle) are pure; mailer and geo do file/SMTP/GeoIP I/O at most.
None of them imports gRPC or SQLAlchemy; use cases compose them with the repositories.
"""
