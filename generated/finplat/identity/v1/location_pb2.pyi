from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class Location(_message.Message):
    __slots__ = ("country_code", "country", "city", "latitude", "longitude", "label")
    COUNTRY_CODE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    LATITUDE_FIELD_NUMBER: _ClassVar[int]
    LONGITUDE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    country_code: str
    country: str
    city: str
    latitude: float
    longitude: float
    label: str
    def __init__(self, country_code: _Optional[str] = ..., country: _Optional[str] = ..., city: _Optional[str] = ..., latitude: _Optional[float] = ..., longitude: _Optional[float] = ..., label: _Optional[str] = ...) -> None: ...
