import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RegisterRequest(_message.Message):
    __slots__ = ("full_name", "email", "username", "password")
    FULL_NAME_FIELD_NUMBER: _ClassVar[int]
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    USERNAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    full_name: str
    email: str
    username: str
    password: str
    def __init__(self, full_name: _Optional[str] = ..., email: _Optional[str] = ..., username: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class RegisterResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: str
    def __init__(self, message: _Optional[str] = ...) -> None: ...

class VerifyEmailRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class VerifyEmailResponse(_message.Message):
    __slots__ = ("verified", "message")
    VERIFIED_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    verified: bool
    message: str
    def __init__(self, verified: _Optional[bool] = ..., message: _Optional[str] = ...) -> None: ...

class ResendVerificationRequest(_message.Message):
    __slots__ = ("email",)
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    email: str
    def __init__(self, email: _Optional[str] = ...) -> None: ...

class ResendVerificationResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: str
    def __init__(self, message: _Optional[str] = ...) -> None: ...

class LoginRequest(_message.Message):
    __slots__ = ("email", "password", "device_fingerprint")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    DEVICE_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    device_fingerprint: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ..., device_fingerprint: _Optional[str] = ...) -> None: ...

class LoginMfaRequest(_message.Message):
    __slots__ = ("email", "password", "mfa_code", "device_fingerprint")
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    MFA_CODE_FIELD_NUMBER: _ClassVar[int]
    DEVICE_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    email: str
    password: str
    mfa_code: str
    device_fingerprint: str
    def __init__(self, email: _Optional[str] = ..., password: _Optional[str] = ..., mfa_code: _Optional[str] = ..., device_fingerprint: _Optional[str] = ...) -> None: ...

class RefreshRequest(_message.Message):
    __slots__ = ("refresh_token",)
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    refresh_token: str
    def __init__(self, refresh_token: _Optional[str] = ...) -> None: ...

class LoginResponse(_message.Message):
    __slots__ = ("access_token", "token_type", "expires_in", "mfa_required", "session_id", "refresh_token")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    MFA_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    token_type: str
    expires_in: int
    mfa_required: bool
    session_id: str
    refresh_token: str
    def __init__(self, access_token: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ..., mfa_required: _Optional[bool] = ..., session_id: _Optional[str] = ..., refresh_token: _Optional[str] = ...) -> None: ...

class LoginMfaResponse(_message.Message):
    __slots__ = ("access_token", "token_type", "expires_in", "mfa_required", "session_id", "refresh_token")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    MFA_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    token_type: str
    expires_in: int
    mfa_required: bool
    session_id: str
    refresh_token: str
    def __init__(self, access_token: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ..., mfa_required: _Optional[bool] = ..., session_id: _Optional[str] = ..., refresh_token: _Optional[str] = ...) -> None: ...

class RefreshResponse(_message.Message):
    __slots__ = ("access_token", "token_type", "expires_in", "mfa_required", "session_id", "refresh_token")
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    MFA_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    REFRESH_TOKEN_FIELD_NUMBER: _ClassVar[int]
    access_token: str
    token_type: str
    expires_in: int
    mfa_required: bool
    session_id: str
    refresh_token: str
    def __init__(self, access_token: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ..., mfa_required: _Optional[bool] = ..., session_id: _Optional[str] = ..., refresh_token: _Optional[str] = ...) -> None: ...

class SetupMfaRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SetupMfaResponse(_message.Message):
    __slots__ = ("secret", "otpauth_uri", "recovery_codes", "period", "digits")
    SECRET_FIELD_NUMBER: _ClassVar[int]
    OTPAUTH_URI_FIELD_NUMBER: _ClassVar[int]
    RECOVERY_CODES_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    DIGITS_FIELD_NUMBER: _ClassVar[int]
    secret: str
    otpauth_uri: str
    recovery_codes: _containers.RepeatedScalarFieldContainer[str]
    period: int
    digits: int
    def __init__(self, secret: _Optional[str] = ..., otpauth_uri: _Optional[str] = ..., recovery_codes: _Optional[_Iterable[str]] = ..., period: _Optional[int] = ..., digits: _Optional[int] = ...) -> None: ...

class EnableMfaRequest(_message.Message):
    __slots__ = ("code",)
    CODE_FIELD_NUMBER: _ClassVar[int]
    code: str
    def __init__(self, code: _Optional[str] = ...) -> None: ...

class EnableMfaResponse(_message.Message):
    __slots__ = ("mfa_enabled",)
    MFA_ENABLED_FIELD_NUMBER: _ClassVar[int]
    mfa_enabled: bool
    def __init__(self, mfa_enabled: _Optional[bool] = ...) -> None: ...

class DisableMfaRequest(_message.Message):
    __slots__ = ("password", "code")
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    password: str
    code: str
    def __init__(self, password: _Optional[str] = ..., code: _Optional[str] = ...) -> None: ...

class DisableMfaResponse(_message.Message):
    __slots__ = ("mfa_enabled",)
    MFA_ENABLED_FIELD_NUMBER: _ClassVar[int]
    mfa_enabled: bool
    def __init__(self, mfa_enabled: _Optional[bool] = ...) -> None: ...

class VerifyMfaRequest(_message.Message):
    __slots__ = ("code",)
    CODE_FIELD_NUMBER: _ClassVar[int]
    code: str
    def __init__(self, code: _Optional[str] = ...) -> None: ...

class VerifyMfaResponse(_message.Message):
    __slots__ = ("mfa_verified", "access_token", "token_type", "expires_in")
    MFA_VERIFIED_FIELD_NUMBER: _ClassVar[int]
    ACCESS_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_IN_FIELD_NUMBER: _ClassVar[int]
    mfa_verified: bool
    access_token: str
    token_type: str
    expires_in: int
    def __init__(self, mfa_verified: _Optional[bool] = ..., access_token: _Optional[str] = ..., token_type: _Optional[str] = ..., expires_in: _Optional[int] = ...) -> None: ...

class GetServerTimeRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerTimeResponse(_message.Message):
    __slots__ = ("server_time", "unix_time", "period", "step", "seconds_remaining")
    SERVER_TIME_FIELD_NUMBER: _ClassVar[int]
    UNIX_TIME_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    SECONDS_REMAINING_FIELD_NUMBER: _ClassVar[int]
    server_time: _timestamp_pb2.Timestamp
    unix_time: int
    period: int
    step: int
    seconds_remaining: int
    def __init__(self, server_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., unix_time: _Optional[int] = ..., period: _Optional[int] = ..., step: _Optional[int] = ..., seconds_remaining: _Optional[int] = ...) -> None: ...

class ForgotPasswordRequest(_message.Message):
    __slots__ = ("email",)
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    email: str
    def __init__(self, email: _Optional[str] = ...) -> None: ...

class ForgotPasswordResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: str
    def __init__(self, message: _Optional[str] = ...) -> None: ...

class VerifyResetTokenRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class VerifyResetTokenResponse(_message.Message):
    __slots__ = ("valid", "expires_at")
    VALID_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    expires_at: _timestamp_pb2.Timestamp
    def __init__(self, valid: _Optional[bool] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ResetPasswordRequest(_message.Message):
    __slots__ = ("token", "new_password")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    NEW_PASSWORD_FIELD_NUMBER: _ClassVar[int]
    token: str
    new_password: str
    def __init__(self, token: _Optional[str] = ..., new_password: _Optional[str] = ...) -> None: ...

class ResetPasswordResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: str
    def __init__(self, message: _Optional[str] = ...) -> None: ...

class LogoutRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LogoutResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetProfileRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetProfileResponse(_message.Message):
    __slots__ = ("profile",)
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    profile: Profile
    def __init__(self, profile: _Optional[_Union[Profile, _Mapping]] = ...) -> None: ...

class UpdateProfileRequest(_message.Message):
    __slots__ = ("name", "password", "current_password", "setup_mfa", "disable_mfa", "mfa_code")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PASSWORD_FIELD_NUMBER: _ClassVar[int]
    SETUP_MFA_FIELD_NUMBER: _ClassVar[int]
    DISABLE_MFA_FIELD_NUMBER: _ClassVar[int]
    MFA_CODE_FIELD_NUMBER: _ClassVar[int]
    name: str
    password: str
    current_password: str
    setup_mfa: bool
    disable_mfa: bool
    mfa_code: str
    def __init__(self, name: _Optional[str] = ..., password: _Optional[str] = ..., current_password: _Optional[str] = ..., setup_mfa: _Optional[bool] = ..., disable_mfa: _Optional[bool] = ..., mfa_code: _Optional[str] = ...) -> None: ...

class UpdateProfileResponse(_message.Message):
    __slots__ = ("profile", "mfa_setup")
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    MFA_SETUP_FIELD_NUMBER: _ClassVar[int]
    profile: Profile
    mfa_setup: SetupMfaResponse
    def __init__(self, profile: _Optional[_Union[Profile, _Mapping]] = ..., mfa_setup: _Optional[_Union[SetupMfaResponse, _Mapping]] = ...) -> None: ...

class Profile(_message.Message):
    __slots__ = ("id", "email", "username", "full_name", "email_verified", "mfa_enabled", "roles", "tenant_id", "tenant_role", "scopes", "created_at", "last_login_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    EMAIL_FIELD_NUMBER: _ClassVar[int]
    USERNAME_FIELD_NUMBER: _ClassVar[int]
    FULL_NAME_FIELD_NUMBER: _ClassVar[int]
    EMAIL_VERIFIED_FIELD_NUMBER: _ClassVar[int]
    MFA_ENABLED_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ROLE_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    LAST_LOGIN_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    email: str
    username: str
    full_name: str
    email_verified: bool
    mfa_enabled: bool
    roles: _containers.RepeatedScalarFieldContainer[str]
    tenant_id: str
    tenant_role: str
    scopes: _containers.RepeatedScalarFieldContainer[str]
    created_at: _timestamp_pb2.Timestamp
    last_login_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., email: _Optional[str] = ..., username: _Optional[str] = ..., full_name: _Optional[str] = ..., email_verified: _Optional[bool] = ..., mfa_enabled: _Optional[bool] = ..., roles: _Optional[_Iterable[str]] = ..., tenant_id: _Optional[str] = ..., tenant_role: _Optional[str] = ..., scopes: _Optional[_Iterable[str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., last_login_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...
