"""gRPC servicer of DocumentService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import grpc
from finplat.analytics.v1 import common_pb2, documents_pb2

from services.analytics.documents import usecases
from services.analytics.documents.domain import Document, validate_list_query
from services.analytics.proto_pages import pagination_pb
from services.analytics.transactions.servicer import transaction_pb
from services.runtime.clock import Clock
from services.runtime.errors import InvalidArgument
from services.runtime.principal import current_user_id
from services.runtime.protoconv import enum_text, optional_timestamp, required_uuid, timestamp
from services.runtime.spool import Spool

if TYPE_CHECKING:
    from services.analytics.kernel import UowFactory

_STATUS_PB = {
    "pending": documents_pb2.DOCUMENT_STATUS_PENDING,
    "processing": documents_pb2.DOCUMENT_STATUS_PROCESSING,
    "completed": documents_pb2.DOCUMENT_STATUS_COMPLETED,
    "failed": documents_pb2.DOCUMENT_STATUS_FAILED,
}


def _data_source(value: int) -> str | None:
    return enum_text(value, common_pb2.DataSource.Name, "DATA_SOURCE_")


def _data_source_pb(text: str) -> str:
    return "DATA_SOURCE_" + text.upper()


def document_pb(document: Document) -> documents_pb2.Document:
    return documents_pb2.Document(
        id=str(document.id),
        file_name=document.file_name,
        content_type=document.content_type,
        size_bytes=document.size_bytes,
        sha256=document.sha256,
        data_source=_data_source_pb(document.data_source),
        status=_STATUS_PB[document.status],
        format=f"DOCUMENT_FORMAT_{(document.format or 'unspecified').upper()}",
        error_message=document.error_message,
        error_row=document.error_row,
        transaction_count=document.transaction_count,
        duplicate_count=document.duplicate_count,
        row_count=document.row_count,
        uploaded_at=timestamp(document.uploaded_at),
        processing_started_at=optional_timestamp(document.processing_started_at),
        processed_at=optional_timestamp(document.processed_at),
        updated_at=timestamp(document.updated_at),
    )


class DocumentServicer:
    def __init__(
        self,
        unit_of_work: UowFactory,
        clock: Clock,
        wake_importers: Callable[[], None],
        upload_max_bytes: int,
    ) -> None:
        self._uow = unit_of_work
        self._clock = clock
        self._wake = wake_importers
        self._max_bytes = upload_max_bytes

    def UploadDocument(
        self,
        request_iterator: Iterator[documents_pb2.UploadDocumentRequest],
        context: grpc.ServicerContext,
    ) -> documents_pb2.UploadDocumentResponse:
        user_id = current_user_id()
        data_source: str | None = None
        file_name = content_type = ""
        complete = False
        with Spool(self._max_bytes) as spool:
            # A field set in any message of the stream counts (the edge sends form fields
            # as it meets them, before or after the file).
            for message in request_iterator:
                data_source = _data_source(message.data_source) or data_source
                file_name = message.file_name or file_name
                content_type = message.content_type or content_type
                spool.write(message.file)
                complete = message.complete  # the last message's says
            # A client that cancels mid-stream can look, to this iterator, like one that
            # finished (grpcio ends the iteration when a receive returns nothing, and may
            # notice the cancellation only later): only a stream whose last message says
            # it is complete is stored.
            if not complete:
                raise InvalidArgument.for_field(
                    "complete", "must be set in the stream's last message; nothing was stored"
                )
            upload = usecases.ReceivedUpload(
                data_source=data_source,
                file_name=file_name,
                content_type=content_type,
                size_bytes=spool.size,
                sha256=spool.sha256,
                head=spool.head,
                content=spool.reader(),
            )
            document = usecases.upload_document(
                self._uow(), user_id, upload, self._clock, self._wake
            )
        return documents_pb2.UploadDocumentResponse(document=document_pb(document))

    def ListDocuments(
        self, request: documents_pb2.ListDocumentsRequest, context: grpc.ServicerContext
    ) -> documents_pb2.ListDocumentsResponse:
        query = validate_list_query(
            request.limit if request.HasField("limit") else None,
            request.offset,
            enum_text(request.status, documents_pb2.DocumentStatus.Name, "DOCUMENT_STATUS_"),
            _data_source(request.data_source),
        )
        page = usecases.list_documents(self._uow(), current_user_id(), query)
        return documents_pb2.ListDocumentsResponse(
            data=[document_pb(d) for d in page.items],
            pagination=pagination_pb(page),
        )

    def GetDocument(
        self, request: documents_pb2.GetDocumentRequest, context: grpc.ServicerContext
    ) -> documents_pb2.GetDocumentResponse:
        document = usecases.get_document(self._uow(), current_user_id(), required_uuid(request.id))
        return documents_pb2.GetDocumentResponse(document=document_pb(document))

    def ListDocumentTransactions(
        self,
        request: documents_pb2.ListDocumentTransactionsRequest,
        context: grpc.ServicerContext,
    ) -> documents_pb2.ListDocumentTransactionsResponse:
        page = usecases.document_transactions(
            self._uow(),
            current_user_id(),
            required_uuid(request.id),
            request.limit if request.HasField("limit") else None,
            request.offset,
        )
        return documents_pb2.ListDocumentTransactionsResponse(
            data=[transaction_pb(t) for t in page.items],
            pagination=pagination_pb(page),
        )

    def ProcessDocument(
        self, request: documents_pb2.ProcessDocumentRequest, context: grpc.ServicerContext
    ) -> documents_pb2.ProcessDocumentResponse:
        document = usecases.process_document(
            self._uow(), current_user_id(), required_uuid(request.id), self._clock, self._wake
        )
        return documents_pb2.ProcessDocumentResponse(document=document_pb(document))

    def DeleteDocument(
        self, request: documents_pb2.DeleteDocumentRequest, context: grpc.ServicerContext
    ) -> documents_pb2.DeleteDocumentResponse:
        usecases.delete_document(self._uow(), current_user_id(), required_uuid(request.id))
        return documents_pb2.DeleteDocumentResponse()
