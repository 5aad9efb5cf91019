import datetime

from finplat.api.v1 import annotations_pb2 as _annotations_pb2
from google.api import annotations_pb2 as _annotations_pb2_1
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateAuditTrailReportRequest(_message.Message):
    __slots__ = ("start_date", "end_date", "event_types", "project_id", "user_id")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPES_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    start_date: _timestamp_pb2.Timestamp
    end_date: _timestamp_pb2.Timestamp
    event_types: _containers.RepeatedScalarFieldContainer[str]
    project_id: str
    user_id: str
    def __init__(self, start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., event_types: _Optional[_Iterable[str]] = ..., project_id: _Optional[str] = ..., user_id: _Optional[str] = ...) -> None: ...

class CreateGdprReportRequest(_message.Message):
    __slots__ = ("start_date", "end_date", "project_id")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    start_date: _timestamp_pb2.Timestamp
    end_date: _timestamp_pb2.Timestamp
    project_id: str
    def __init__(self, start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., project_id: _Optional[str] = ...) -> None: ...

class CreateSoxReportRequest(_message.Message):
    __slots__ = ("start_date", "end_date", "project_id")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    start_date: _timestamp_pb2.Timestamp
    end_date: _timestamp_pb2.Timestamp
    project_id: str
    def __init__(self, start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., project_id: _Optional[str] = ...) -> None: ...

class GetAuditTrailReportRequest(_message.Message):
    __slots__ = ("report_id",)
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    def __init__(self, report_id: _Optional[str] = ...) -> None: ...

class GetGdprReportRequest(_message.Message):
    __slots__ = ("report_id",)
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    def __init__(self, report_id: _Optional[str] = ...) -> None: ...

class GetSoxReportRequest(_message.Message):
    __slots__ = ("report_id",)
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    def __init__(self, report_id: _Optional[str] = ...) -> None: ...

class GetSigningKeyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CreateAuditTrailReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: AuditTrailReport
    def __init__(self, report: _Optional[_Union[AuditTrailReport, _Mapping]] = ...) -> None: ...

class GetAuditTrailReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: AuditTrailReport
    def __init__(self, report: _Optional[_Union[AuditTrailReport, _Mapping]] = ...) -> None: ...

class CreateGdprReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: GdprReport
    def __init__(self, report: _Optional[_Union[GdprReport, _Mapping]] = ...) -> None: ...

class GetGdprReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: GdprReport
    def __init__(self, report: _Optional[_Union[GdprReport, _Mapping]] = ...) -> None: ...

class CreateSoxReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: SoxReport
    def __init__(self, report: _Optional[_Union[SoxReport, _Mapping]] = ...) -> None: ...

class GetSoxReportResponse(_message.Message):
    __slots__ = ("report",)
    REPORT_FIELD_NUMBER: _ClassVar[int]
    report: SoxReport
    def __init__(self, report: _Optional[_Union[SoxReport, _Mapping]] = ...) -> None: ...

class GetSigningKeyResponse(_message.Message):
    __slots__ = ("key",)
    KEY_FIELD_NUMBER: _ClassVar[int]
    key: SigningKey
    def __init__(self, key: _Optional[_Union[SigningKey, _Mapping]] = ...) -> None: ...

class SigningKey(_message.Message):
    __slots__ = ("key_id", "algorithm", "public_key", "digest")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    key_id: str
    algorithm: str
    public_key: str
    digest: str
    def __init__(self, key_id: _Optional[str] = ..., algorithm: _Optional[str] = ..., public_key: _Optional[str] = ..., digest: _Optional[str] = ...) -> None: ...

class ReportPeriod(_message.Message):
    __slots__ = ("start_date", "end_date", "label")
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    END_DATE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    start_date: _timestamp_pb2.Timestamp
    end_date: _timestamp_pb2.Timestamp
    label: str
    def __init__(self, start_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end_date: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., label: _Optional[str] = ...) -> None: ...

class AuditTrailReport(_message.Message):
    __slots__ = ("report_id", "tenant_id", "generated_at", "generated_by", "report_period", "project_id", "total_entries", "unique_users", "event_types", "audit_entries", "metadata")
    class EventTypesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    GENERATED_BY_FIELD_NUMBER: _ClassVar[int]
    REPORT_PERIOD_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    TOTAL_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    UNIQUE_USERS_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPES_FIELD_NUMBER: _ClassVar[int]
    AUDIT_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    tenant_id: str
    generated_at: _timestamp_pb2.Timestamp
    generated_by: str
    report_period: ReportPeriod
    project_id: str
    total_entries: int
    unique_users: int
    event_types: _containers.ScalarMap[str, int]
    audit_entries: _containers.RepeatedCompositeFieldContainer[AuditTrailEntry]
    metadata: _struct_pb2.Struct
    def __init__(self, report_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., generated_by: _Optional[str] = ..., report_period: _Optional[_Union[ReportPeriod, _Mapping]] = ..., project_id: _Optional[str] = ..., total_entries: _Optional[int] = ..., unique_users: _Optional[int] = ..., event_types: _Optional[_Mapping[str, int]] = ..., audit_entries: _Optional[_Iterable[_Union[AuditTrailEntry, _Mapping]]] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class AuditTrailEntry(_message.Message):
    __slots__ = ("action", "aggregate_id", "aggregate_type", "entry_id", "event_id", "event_type", "resource_id", "resource_type", "tenant_id", "timestamp", "user_id", "changes", "correlation_id", "ip_address", "user_agent", "metadata")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    AGGREGATE_ID_FIELD_NUMBER: _ClassVar[int]
    AGGREGATE_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENTRY_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_ID_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_TYPE_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    CORRELATION_ID_FIELD_NUMBER: _ClassVar[int]
    IP_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    USER_AGENT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    action: str
    aggregate_id: str
    aggregate_type: str
    entry_id: str
    event_id: str
    event_type: str
    resource_id: str
    resource_type: str
    tenant_id: str
    timestamp: _timestamp_pb2.Timestamp
    user_id: str
    changes: _struct_pb2.Struct
    correlation_id: str
    ip_address: str
    user_agent: str
    metadata: _struct_pb2.Struct
    def __init__(self, action: _Optional[str] = ..., aggregate_id: _Optional[str] = ..., aggregate_type: _Optional[str] = ..., entry_id: _Optional[str] = ..., event_id: _Optional[str] = ..., event_type: _Optional[str] = ..., resource_id: _Optional[str] = ..., resource_type: _Optional[str] = ..., tenant_id: _Optional[str] = ..., timestamp: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., user_id: _Optional[str] = ..., changes: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., correlation_id: _Optional[str] = ..., ip_address: _Optional[str] = ..., user_agent: _Optional[str] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class GdprReport(_message.Message):
    __slots__ = ("report_id", "tenant_id", "generated_at", "generated_by", "report_period", "project_id", "framework", "legal_basis", "retention_period", "retention_justification", "data_processing_activities", "data_subjects", "personal_data_categories", "technical_measures", "organizational_measures", "metadata")
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    GENERATED_BY_FIELD_NUMBER: _ClassVar[int]
    REPORT_PERIOD_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    FRAMEWORK_FIELD_NUMBER: _ClassVar[int]
    LEGAL_BASIS_FIELD_NUMBER: _ClassVar[int]
    RETENTION_PERIOD_FIELD_NUMBER: _ClassVar[int]
    RETENTION_JUSTIFICATION_FIELD_NUMBER: _ClassVar[int]
    DATA_PROCESSING_ACTIVITIES_FIELD_NUMBER: _ClassVar[int]
    DATA_SUBJECTS_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_DATA_CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_MEASURES_FIELD_NUMBER: _ClassVar[int]
    ORGANIZATIONAL_MEASURES_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    tenant_id: str
    generated_at: _timestamp_pb2.Timestamp
    generated_by: str
    report_period: ReportPeriod
    project_id: str
    framework: str
    legal_basis: str
    retention_period: str
    retention_justification: str
    data_processing_activities: _containers.RepeatedCompositeFieldContainer[DataProcessingActivity]
    data_subjects: _containers.RepeatedScalarFieldContainer[str]
    personal_data_categories: _containers.RepeatedScalarFieldContainer[str]
    technical_measures: _containers.RepeatedScalarFieldContainer[str]
    organizational_measures: _containers.RepeatedScalarFieldContainer[str]
    metadata: _struct_pb2.Struct
    def __init__(self, report_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., generated_by: _Optional[str] = ..., report_period: _Optional[_Union[ReportPeriod, _Mapping]] = ..., project_id: _Optional[str] = ..., framework: _Optional[str] = ..., legal_basis: _Optional[str] = ..., retention_period: _Optional[str] = ..., retention_justification: _Optional[str] = ..., data_processing_activities: _Optional[_Iterable[_Union[DataProcessingActivity, _Mapping]]] = ..., data_subjects: _Optional[_Iterable[str]] = ..., personal_data_categories: _Optional[_Iterable[str]] = ..., technical_measures: _Optional[_Iterable[str]] = ..., organizational_measures: _Optional[_Iterable[str]] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class DataProcessingActivity(_message.Message):
    __slots__ = ("activity_id", "activity_name", "purpose", "retention_period", "data_categories", "recipients", "security_measures", "transfers", "metadata")
    ACTIVITY_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIVITY_NAME_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    RETENTION_PERIOD_FIELD_NUMBER: _ClassVar[int]
    DATA_CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    RECIPIENTS_FIELD_NUMBER: _ClassVar[int]
    SECURITY_MEASURES_FIELD_NUMBER: _ClassVar[int]
    TRANSFERS_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    activity_id: str
    activity_name: str
    purpose: str
    retention_period: str
    data_categories: _containers.RepeatedScalarFieldContainer[str]
    recipients: _containers.RepeatedScalarFieldContainer[str]
    security_measures: _containers.RepeatedScalarFieldContainer[str]
    transfers: _containers.RepeatedScalarFieldContainer[str]
    metadata: _struct_pb2.Struct
    def __init__(self, activity_id: _Optional[str] = ..., activity_name: _Optional[str] = ..., purpose: _Optional[str] = ..., retention_period: _Optional[str] = ..., data_categories: _Optional[_Iterable[str]] = ..., recipients: _Optional[_Iterable[str]] = ..., security_measures: _Optional[_Iterable[str]] = ..., transfers: _Optional[_Iterable[str]] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class SoxReport(_message.Message):
    __slots__ = ("report_id", "tenant_id", "generated_at", "generated_by", "report_period", "project_id", "framework", "expense_approvals", "change_order_controls", "budget_controls", "revenue_recognition", "compliance_attestations", "control_effectiveness", "effective_controls", "deficient_controls", "total_controls", "metadata")
    REPORT_ID_FIELD_NUMBER: _ClassVar[int]
    TENANT_ID_FIELD_NUMBER: _ClassVar[int]
    GENERATED_AT_FIELD_NUMBER: _ClassVar[int]
    GENERATED_BY_FIELD_NUMBER: _ClassVar[int]
    REPORT_PERIOD_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    FRAMEWORK_FIELD_NUMBER: _ClassVar[int]
    EXPENSE_APPROVALS_FIELD_NUMBER: _ClassVar[int]
    CHANGE_ORDER_CONTROLS_FIELD_NUMBER: _ClassVar[int]
    BUDGET_CONTROLS_FIELD_NUMBER: _ClassVar[int]
    REVENUE_RECOGNITION_FIELD_NUMBER: _ClassVar[int]
    COMPLIANCE_ATTESTATIONS_FIELD_NUMBER: _ClassVar[int]
    CONTROL_EFFECTIVENESS_FIELD_NUMBER: _ClassVar[int]
    EFFECTIVE_CONTROLS_FIELD_NUMBER: _ClassVar[int]
    DEFICIENT_CONTROLS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_CONTROLS_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    report_id: str
    tenant_id: str
    generated_at: _timestamp_pb2.Timestamp
    generated_by: str
    report_period: ReportPeriod
    project_id: str
    framework: str
    expense_approvals: _containers.RepeatedCompositeFieldContainer[SoxControl]
    change_order_controls: _containers.RepeatedCompositeFieldContainer[SoxControl]
    budget_controls: _containers.RepeatedCompositeFieldContainer[SoxControl]
    revenue_recognition: _containers.RepeatedCompositeFieldContainer[SoxControl]
    compliance_attestations: _containers.RepeatedCompositeFieldContainer[Attestation]
    control_effectiveness: str
    effective_controls: int
    deficient_controls: int
    total_controls: int
    metadata: _struct_pb2.Struct
    def __init__(self, report_id: _Optional[str] = ..., tenant_id: _Optional[str] = ..., generated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., generated_by: _Optional[str] = ..., report_period: _Optional[_Union[ReportPeriod, _Mapping]] = ..., project_id: _Optional[str] = ..., framework: _Optional[str] = ..., expense_approvals: _Optional[_Iterable[_Union[SoxControl, _Mapping]]] = ..., change_order_controls: _Optional[_Iterable[_Union[SoxControl, _Mapping]]] = ..., budget_controls: _Optional[_Iterable[_Union[SoxControl, _Mapping]]] = ..., revenue_recognition: _Optional[_Iterable[_Union[SoxControl, _Mapping]]] = ..., compliance_attestations: _Optional[_Iterable[_Union[Attestation, _Mapping]]] = ..., control_effectiveness: _Optional[str] = ..., effective_controls: _Optional[int] = ..., deficient_controls: _Optional[int] = ..., total_controls: _Optional[int] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class SoxControl(_message.Message):
    __slots__ = ("control_description", "control_id", "control_name", "control_type", "evidence_type", "frequency", "evidence_count", "is_effective", "last_executed", "owner", "attestation_ids", "deficiencies", "metadata")
    CONTROL_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CONTROL_ID_FIELD_NUMBER: _ClassVar[int]
    CONTROL_NAME_FIELD_NUMBER: _ClassVar[int]
    CONTROL_TYPE_FIELD_NUMBER: _ClassVar[int]
    EVIDENCE_TYPE_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_FIELD_NUMBER: _ClassVar[int]
    EVIDENCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    IS_EFFECTIVE_FIELD_NUMBER: _ClassVar[int]
    LAST_EXECUTED_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    ATTESTATION_IDS_FIELD_NUMBER: _ClassVar[int]
    DEFICIENCIES_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    control_description: str
    control_id: str
    control_name: str
    control_type: str
    evidence_type: str
    frequency: str
    evidence_count: int
    is_effective: bool
    last_executed: _timestamp_pb2.Timestamp
    owner: str
    attestation_ids: _containers.RepeatedScalarFieldContainer[str]
    deficiencies: _containers.RepeatedScalarFieldContainer[str]
    metadata: _struct_pb2.Struct
    def __init__(self, control_description: _Optional[str] = ..., control_id: _Optional[str] = ..., control_name: _Optional[str] = ..., control_type: _Optional[str] = ..., evidence_type: _Optional[str] = ..., frequency: _Optional[str] = ..., evidence_count: _Optional[int] = ..., is_effective: _Optional[bool] = ..., last_executed: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., owner: _Optional[str] = ..., attestation_ids: _Optional[_Iterable[str]] = ..., deficiencies: _Optional[_Iterable[str]] = ..., metadata: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class Attestation(_message.Message):
    __slots__ = ("attestation_id", "evaluation_id", "framework", "operation_type", "rulepack_id", "rulepack_version", "created_at", "entity_id", "entity_type", "passed_rules", "total_rules", "result", "signed_digest")
    ATTESTATION_ID_FIELD_NUMBER: _ClassVar[int]
    EVALUATION_ID_FIELD_NUMBER: _ClassVar[int]
    FRAMEWORK_FIELD_NUMBER: _ClassVar[int]
    OPERATION_TYPE_FIELD_NUMBER: _ClassVar[int]
    RULEPACK_ID_FIELD_NUMBER: _ClassVar[int]
    RULEPACK_VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    ENTITY_ID_FIELD_NUMBER: _ClassVar[int]
    ENTITY_TYPE_FIELD_NUMBER: _ClassVar[int]
    PASSED_RULES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_RULES_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SIGNED_DIGEST_FIELD_NUMBER: _ClassVar[int]
    attestation_id: str
    evaluation_id: str
    framework: str
    operation_type: str
    rulepack_id: str
    rulepack_version: str
    created_at: _timestamp_pb2.Timestamp
    entity_id: str
    entity_type: str
    passed_rules: int
    total_rules: int
    result: bool
    signed_digest: str
    def __init__(self, attestation_id: _Optional[str] = ..., evaluation_id: _Optional[str] = ..., framework: _Optional[str] = ..., operation_type: _Optional[str] = ..., rulepack_id: _Optional[str] = ..., rulepack_version: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., entity_id: _Optional[str] = ..., entity_type: _Optional[str] = ..., passed_rules: _Optional[int] = ..., total_rules: _Optional[int] = ..., result: _Optional[bool] = ..., signed_digest: _Optional[str] = ...) -> None: ...
