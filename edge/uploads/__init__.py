"""Streamed uploads: a multipart/form-data body into a client-streaming RPC (issue 11).

`declaration`: which request field is the upload part (`FieldRules.multipart`);
`limits` / `settings`: how large it may be and how long it may take; `parts`: the body's
parts as they arrive; `route`: what is refused before the body is read; `stream`: the
parts turned into the call's messages, type-checked and malware-scanned as they flow.
"""
