"""DocumentService through the real runtime server (every interceptor): the upload is a
client stream whose errors are mapped like unary ones, access-logged, and which stores
nothing unless the stream ends normally."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator

import grpc
import pytest
from finplat.analytics.v1 import common_pb2, documents_pb2, documents_pb2_grpc

from services.analytics.capabilities import CAPABILITIES
from services.runtime.status import parse_status
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.serving import as_user, serving

USER = str(uuid.uuid4())
CSV = b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n2026-01-03,Lunch,-12.50\n"


@pytest.fixture
def stub(uow: UowFactory) -> Iterator[documents_pb2_grpc.DocumentServiceStub]:
    with serving(CAPABILITIES, uow) as channel:
        yield documents_pb2_grpc.DocumentServiceStub(channel)  # type: ignore[no-untyped-call]


def _chunks(
    *messages: documents_pb2.UploadDocumentRequest,
) -> Iterator[documents_pb2.UploadDocumentRequest]:
    """The messages, then the one saying the upload is whole (as the edge sends it)."""
    yield from messages
    yield documents_pb2.UploadDocumentRequest(complete=True)


def _listed(stub: documents_pb2_grpc.DocumentServiceStub) -> int:
    reply = stub.ListDocuments(documents_pb2.ListDocumentsRequest(), metadata=as_user(USER))
    return int(reply.pagination.total)


def test_an_upload_in_chunks_is_stored_pending(
    stub: documents_pb2_grpc.DocumentServiceStub,
) -> None:
    reply = stub.UploadDocument(
        _chunks(
            documents_pb2.UploadDocumentRequest(
                file=CSV[:10], file_name="jan.csv", content_type="text/csv"
            ),
            documents_pb2.UploadDocumentRequest(file=CSV[10:]),
            # A form field after the file counts as well.
            documents_pb2.UploadDocumentRequest(data_source=common_pb2.DATA_SOURCE_CREDIT_CARD),
        ),
        metadata=as_user(USER),
    )
    document = reply.document
    assert document.status == documents_pb2.DOCUMENT_STATUS_PENDING
    assert document.size_bytes == len(CSV)
    assert document.data_source == common_pb2.DATA_SOURCE_CREDIT_CARD
    assert (document.file_name, document.format) == ("jan.csv", documents_pb2.DOCUMENT_FORMAT_CSV)


def test_a_streamed_call_gets_the_rich_error_and_an_access_log_line(
    stub: documents_pb2_grpc.DocumentServiceStub, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="finplat.access")
    with pytest.raises(grpc.RpcError) as caught:
        stub.UploadDocument(
            _chunks(documents_pb2.UploadDocumentRequest(file=CSV)), metadata=as_user(USER)
        )
    call = caught.value
    assert isinstance(call, grpc.Call)
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert status.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in status.violations] == ["data_source"]
    logged = [r for r in caplog.records if r.name == "finplat.access"]
    assert any(getattr(r, "method", "").endswith("/UploadDocument") for r in logged)
    assert _listed(stub) == 0


def test_a_stream_the_client_abandons_stores_nothing(
    stub: documents_pb2_grpc.DocumentServiceStub,
) -> None:
    def abandoned() -> Iterator[documents_pb2.UploadDocumentRequest]:
        yield documents_pb2.UploadDocumentRequest(
            data_source=common_pb2.DATA_SOURCE_INVESTMENT, file=CSV
        )
        raise RuntimeError("client gave up")

    # The cancellation races the end of the server's iteration (grpcio may end it as if
    # the stream had finished, servicer.UploadDocument): many attempts, none stored.
    for _ in range(30):
        with pytest.raises(grpc.RpcError):
            stub.UploadDocument(abandoned(), metadata=as_user(USER))
    assert _listed(stub) == 0


def test_a_stream_that_ends_without_its_complete_message_stores_nothing(
    stub: documents_pb2_grpc.DocumentServiceStub,
) -> None:
    request = documents_pb2.UploadDocumentRequest(
        data_source=common_pb2.DATA_SOURCE_INVESTMENT, file=CSV
    )
    with pytest.raises(grpc.RpcError) as caught:
        stub.UploadDocument(iter([request]), metadata=as_user(USER))
    call = caught.value
    assert isinstance(call, grpc.Call)
    status = parse_status(call.code(), call.details() or "", call.trailing_metadata())
    assert [v.field for v in status.violations] == ["complete"]
    assert _listed(stub) == 0


def test_uploads_need_a_user(stub: documents_pb2_grpc.DocumentServiceStub) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        stub.UploadDocument(_chunks(documents_pb2.UploadDocumentRequest(file=CSV)))
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED  # type: ignore[attr-defined]
