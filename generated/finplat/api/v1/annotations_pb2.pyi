from google.protobuf import descriptor_pb2 as _descriptor_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class JsonNaming(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    JSON_NAMING_UNSPECIFIED: _ClassVar[JsonNaming]
    JSON_NAMING_SNAKE_CASE: _ClassVar[JsonNaming]
    JSON_NAMING_LOWER_CAMEL_CASE: _ClassVar[JsonNaming]

class ErrorStyle(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_STYLE_UNSPECIFIED: _ClassVar[ErrorStyle]
    ERROR_STYLE_GATEWAY: _ClassVar[ErrorStyle]
    ERROR_STYLE_ANALYTICS: _ClassVar[ErrorStyle]
    ERROR_STYLE_EXPENSE: _ClassVar[ErrorStyle]
    ERROR_STYLE_PROJECT_FINANCE: _ClassVar[ErrorStyle]

class RateLimitTier(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RATE_LIMIT_TIER_UNSPECIFIED: _ClassVar[RateLimitTier]
    RATE_LIMIT_TIER_AUTH: _ClassVar[RateLimitTier]

class StringFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STRING_FORMAT_UNSPECIFIED: _ClassVar[StringFormat]
    STRING_FORMAT_EMAIL: _ClassVar[StringFormat]
JSON_NAMING_UNSPECIFIED: JsonNaming
JSON_NAMING_SNAKE_CASE: JsonNaming
JSON_NAMING_LOWER_CAMEL_CASE: JsonNaming
ERROR_STYLE_UNSPECIFIED: ErrorStyle
ERROR_STYLE_GATEWAY: ErrorStyle
ERROR_STYLE_ANALYTICS: ErrorStyle
ERROR_STYLE_EXPENSE: ErrorStyle
ERROR_STYLE_PROJECT_FINANCE: ErrorStyle
RATE_LIMIT_TIER_UNSPECIFIED: RateLimitTier
RATE_LIMIT_TIER_AUTH: RateLimitTier
STRING_FORMAT_UNSPECIFIED: StringFormat
STRING_FORMAT_EMAIL: StringFormat
SERVICE_FIELD_NUMBER: _ClassVar[int]
service: _descriptor.FieldDescriptor
AUTH_FIELD_NUMBER: _ClassVar[int]
auth: _descriptor.FieldDescriptor
HTTP_RULES_FIELD_NUMBER: _ClassVar[int]
http_rules: _descriptor.FieldDescriptor
FIELD_FIELD_NUMBER: _ClassVar[int]
field: _descriptor.FieldDescriptor

class AuthPolicy(_message.Message):
    __slots__ = ("public", "api_key", "roles", "scopes", "delegated")
    PUBLIC_FIELD_NUMBER: _ClassVar[int]
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    ROLES_FIELD_NUMBER: _ClassVar[int]
    SCOPES_FIELD_NUMBER: _ClassVar[int]
    DELEGATED_FIELD_NUMBER: _ClassVar[int]
    public: bool
    api_key: bool
    roles: _containers.RepeatedScalarFieldContainer[str]
    scopes: _containers.RepeatedScalarFieldContainer[str]
    delegated: bool
    def __init__(self, public: _Optional[bool] = ..., api_key: _Optional[bool] = ..., roles: _Optional[_Iterable[str]] = ..., scopes: _Optional[_Iterable[str]] = ..., delegated: _Optional[bool] = ...) -> None: ...

class Quota(_message.Message):
    __slots__ = ("limit", "window_seconds", "limit_setting")
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_SECONDS_FIELD_NUMBER: _ClassVar[int]
    LIMIT_SETTING_FIELD_NUMBER: _ClassVar[int]
    limit: int
    window_seconds: int
    limit_setting: str
    def __init__(self, limit: _Optional[int] = ..., window_seconds: _Optional[int] = ..., limit_setting: _Optional[str] = ...) -> None: ...

class ServiceRules(_message.Message):
    __slots__ = ("backend", "json_naming", "error_style", "auth", "quota")
    BACKEND_FIELD_NUMBER: _ClassVar[int]
    JSON_NAMING_FIELD_NUMBER: _ClassVar[int]
    ERROR_STYLE_FIELD_NUMBER: _ClassVar[int]
    AUTH_FIELD_NUMBER: _ClassVar[int]
    QUOTA_FIELD_NUMBER: _ClassVar[int]
    backend: str
    json_naming: JsonNaming
    error_style: ErrorStyle
    auth: AuthPolicy
    quota: Quota
    def __init__(self, backend: _Optional[str] = ..., json_naming: _Optional[_Union[JsonNaming, str]] = ..., error_style: _Optional[_Union[ErrorStyle, str]] = ..., auth: _Optional[_Union[AuthPolicy, _Mapping]] = ..., quota: _Optional[_Union[Quota, _Mapping]] = ...) -> None: ...

class HttpRules(_message.Message):
    __slots__ = ("success_status", "location", "clear_cookies", "cache_control", "rate_limit_tier", "timeout_seconds", "query_rules", "created_field", "filename_field", "gone", "content_types")
    SUCCESS_STATUS_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    CLEAR_COOKIES_FIELD_NUMBER: _ClassVar[int]
    CACHE_CONTROL_FIELD_NUMBER: _ClassVar[int]
    RATE_LIMIT_TIER_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    QUERY_RULES_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_FIELD_NUMBER: _ClassVar[int]
    GONE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPES_FIELD_NUMBER: _ClassVar[int]
    success_status: int
    location: str
    clear_cookies: _containers.RepeatedScalarFieldContainer[str]
    cache_control: str
    rate_limit_tier: RateLimitTier
    timeout_seconds: float
    query_rules: bool
    created_field: str
    filename_field: str
    gone: bool
    content_types: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, success_status: _Optional[int] = ..., location: _Optional[str] = ..., clear_cookies: _Optional[_Iterable[str]] = ..., cache_control: _Optional[str] = ..., rate_limit_tier: _Optional[_Union[RateLimitTier, str]] = ..., timeout_seconds: _Optional[float] = ..., query_rules: _Optional[bool] = ..., created_field: _Optional[str] = ..., filename_field: _Optional[str] = ..., gone: _Optional[bool] = ..., content_types: _Optional[_Iterable[str]] = ...) -> None: ...

class MultipartField(_message.Message):
    __slots__ = ("allowed_types", "max_bytes", "filename_field", "content_type_field", "max_bytes_setting", "end_field")
    ALLOWED_TYPES_FIELD_NUMBER: _ClassVar[int]
    MAX_BYTES_FIELD_NUMBER: _ClassVar[int]
    FILENAME_FIELD_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_FIELD_NUMBER: _ClassVar[int]
    MAX_BYTES_SETTING_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_FIELD_NUMBER: _ClassVar[int]
    allowed_types: _containers.RepeatedScalarFieldContainer[str]
    max_bytes: int
    filename_field: str
    content_type_field: str
    max_bytes_setting: str
    end_field: str
    def __init__(self, allowed_types: _Optional[_Iterable[str]] = ..., max_bytes: _Optional[int] = ..., filename_field: _Optional[str] = ..., content_type_field: _Optional[str] = ..., max_bytes_setting: _Optional[str] = ..., end_field: _Optional[str] = ...) -> None: ...

class FieldRules(_message.Message):
    __slots__ = ("decimal_number", "decimal_string", "cookie", "multipart", "nullable", "cookie_path", "cookie_max_age_seconds", "minimum", "maximum", "exclusive_minimum", "exclusive_maximum", "decimal_places", "min_length", "max_length", "pattern", "pattern_reason", "format", "allowed_values", "visible_text")
    DECIMAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    DECIMAL_STRING_FIELD_NUMBER: _ClassVar[int]
    COOKIE_FIELD_NUMBER: _ClassVar[int]
    MULTIPART_FIELD_NUMBER: _ClassVar[int]
    NULLABLE_FIELD_NUMBER: _ClassVar[int]
    COOKIE_PATH_FIELD_NUMBER: _ClassVar[int]
    COOKIE_MAX_AGE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    EXCLUSIVE_MINIMUM_FIELD_NUMBER: _ClassVar[int]
    EXCLUSIVE_MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    DECIMAL_PLACES_FIELD_NUMBER: _ClassVar[int]
    MIN_LENGTH_FIELD_NUMBER: _ClassVar[int]
    MAX_LENGTH_FIELD_NUMBER: _ClassVar[int]
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    PATTERN_REASON_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_VALUES_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_TEXT_FIELD_NUMBER: _ClassVar[int]
    decimal_number: bool
    decimal_string: bool
    cookie: str
    multipart: MultipartField
    nullable: bool
    cookie_path: str
    cookie_max_age_seconds: int
    minimum: str
    maximum: str
    exclusive_minimum: str
    exclusive_maximum: str
    decimal_places: int
    min_length: int
    max_length: int
    pattern: str
    pattern_reason: str
    format: StringFormat
    allowed_values: _containers.RepeatedScalarFieldContainer[str]
    visible_text: bool
    def __init__(self, decimal_number: _Optional[bool] = ..., decimal_string: _Optional[bool] = ..., cookie: _Optional[str] = ..., multipart: _Optional[_Union[MultipartField, _Mapping]] = ..., nullable: _Optional[bool] = ..., cookie_path: _Optional[str] = ..., cookie_max_age_seconds: _Optional[int] = ..., minimum: _Optional[str] = ..., maximum: _Optional[str] = ..., exclusive_minimum: _Optional[str] = ..., exclusive_maximum: _Optional[str] = ..., decimal_places: _Optional[int] = ..., min_length: _Optional[int] = ..., max_length: _Optional[int] = ..., pattern: _Optional[str] = ..., pattern_reason: _Optional[str] = ..., format: _Optional[_Union[StringFormat, str]] = ..., allowed_values: _Optional[_Iterable[str]] = ..., visible_text: _Optional[bool] = ...) -> None: ...
