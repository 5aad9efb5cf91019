from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetJwksRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetJwksResponse(_message.Message):
    __slots__ = ("keys",)
    KEYS_FIELD_NUMBER: _ClassVar[int]
    keys: _containers.RepeatedCompositeFieldContainer[Jwk]
    def __init__(self, keys: _Optional[_Iterable[_Union[Jwk, _Mapping]]] = ...) -> None: ...

class Jwk(_message.Message):
    __slots__ = ("kty", "use", "alg", "kid", "n", "e")
    KTY_FIELD_NUMBER: _ClassVar[int]
    USE_FIELD_NUMBER: _ClassVar[int]
    ALG_FIELD_NUMBER: _ClassVar[int]
    KID_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    E_FIELD_NUMBER: _ClassVar[int]
    kty: str
    use: str
    alg: str
    kid: str
    n: str
    e: str
    def __init__(self, kty: _Optional[str] = ..., use: _Optional[str] = ..., alg: _Optional[str] = ..., kid: _Optional[str] = ..., n: _Optional[str] = ..., e: _Optional[str] = ...) -> None: ...
