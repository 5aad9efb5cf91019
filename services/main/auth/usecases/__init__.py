"""The auth capability's operations, one function each: accounts (register, verify,
password reset), login (login, MFA step, refresh, logout), MFA and the profile. They
take the kernel (units of work, hasher, issuer, mailer, policy) because several span
more than one transaction: a password is checked outside any, and a failure is recorded
in a transaction of its own."""
