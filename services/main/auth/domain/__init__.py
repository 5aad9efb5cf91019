"""The auth capability's rules, pure: users and what they may do (`users`), the fields a
person types (`names`, `passwords`), second factors (`totp`, `recovery_codes`), the login
throttle (`throttle`), the emails sent (`messages`) and the outcomes of the flows
(`grants`)."""
