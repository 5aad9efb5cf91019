"""gRPC servicer of LedgerService: proto ⇄ use cases, nothing else. Every call works on
the caller's tenant (`kernel.servicing.TenantServicer`)."""

from __future__ import annotations

import grpc
from finplat.accounting.v1 import ledger_pb2 as pb

from services.main.kernel.money import amount_text, cents, rate_text
from services.main.kernel.servicing import TenantServicer, pagination_pb
from services.main.ledger import usecases
from services.main.ledger.domain.accounts import Account
from services.main.ledger.domain.entries import Entry, EntryDraft, Line, LineDraft
from services.main.ledger.domain.trial_balance import TrialBalance
from services.runtime.protoconv import (
    date_pb,
    optional_date,
    optional_timestamp,
    parse_uuid,
    request_enum_text,
    required_uuid,
    sent,
    timestamp,
)

Context = grpc.ServicerContext


# -- responses ---------------------------------------------------------------------------


def account_pb(account: Account) -> pb.Account:
    return pb.Account(
        id=str(account.id),
        code=account.code,
        name=account.name,
        type="ACCOUNT_TYPE_" + account.type.upper(),
        currency=account.currency,
        active=account.active,
        created_at=timestamp(account.created_at),
        updated_at=timestamp(account.updated_at),
    )


def line_pb(line: Line) -> pb.JournalLine:
    return pb.JournalLine(
        account_id=str(line.account_id),
        debit=amount_text(line.debit),
        credit=amount_text(line.credit),
        currency=line.currency,
        fx_rate=rate_text(line.fx_rate),
        base_amount=cents(line.base_amount),
        description=line.description,
    )


def entry_pb(entry: Entry) -> pb.JournalEntry:
    source = entry.source
    return pb.JournalEntry(
        id=str(entry.id),
        number=entry.number,
        entry_date=date_pb(entry.entry_date),
        memo=entry.memo,
        source_module=None if source is None else source.module,
        source_event_id=None if source is None else source.event_id,
        status="ENTRY_STATUS_" + entry.status.upper(),
        base_currency=entry.base_currency,
        total=cents(entry.total),
        lines=[line_pb(line) for line in entry.lines],
        posted_at=optional_timestamp(entry.posted_at),
        reversal_of_id=None if entry.reversal_of_id is None else str(entry.reversal_of_id),
        reversed_by_id=None if entry.reversed_by_id is None else str(entry.reversed_by_id),
        created_at=timestamp(entry.created_at),
    )


def trial_balance_pb(balance: TrialBalance) -> pb.GetTrialBalanceResponse:
    return pb.GetTrialBalanceResponse(
        as_of=date_pb(balance.as_of),
        base_currency=balance.base_currency,
        accounts=[
            pb.TrialBalanceRow(
                account_id=str(row.account.id),
                code=row.account.code,
                name=row.account.name,
                type="ACCOUNT_TYPE_" + row.account.type.upper(),
                debit=cents(row.debit),
                credit=cents(row.credit),
            )
            for row in balance.accounts
        ],
        total_debit=cents(balance.total_debit),
        total_credit=cents(balance.total_credit),
        balanced=balance.balanced,
    )


# -- requests ----------------------------------------------------------------------------


def entry_draft(request: pb.CreateEntryRequest) -> EntryDraft:
    return EntryDraft(
        entry_date=optional_date(request, "entry_date"),
        memo=request.memo,
        source_module=request.source_module,
        source_event_id=request.source_event_id,
        lines=[
            LineDraft(
                account_id=line.account_id,
                debit=line.debit,
                credit=line.credit,
                currency=line.currency,
                fx_rate=line.fx_rate,
                description=line.description,
            )
            for line in request.lines
        ],
    )


def _account_type(value: int) -> str | None:
    return request_enum_text(value, pb.AccountType, "ACCOUNT_TYPE_")


class LedgerServicer(TenantServicer):
    def ListAccounts(
        self, request: pb.ListAccountsRequest, context: Context
    ) -> pb.ListAccountsResponse:
        page = usecases.list_accounts(
            *self._scope(),
            type_=_account_type(request.type),
            active=sent(request, "active"),
            limit=sent(request, "limit"),
            offset=request.offset,
            clock=self._clock,
        )
        return pb.ListAccountsResponse(
            data=[account_pb(a) for a in page.items], pagination=pagination_pb(page, pb.Pagination)
        )

    def CreateAccount(
        self, request: pb.CreateAccountRequest, context: Context
    ) -> pb.CreateAccountResponse:
        account = usecases.create_account(
            *self._scope(),
            code=request.code,
            name=request.name,
            type_=_account_type(request.type),
            currency=request.currency,
            clock=self._clock,
        )
        return pb.CreateAccountResponse(account=account_pb(account))

    def GetAccount(self, request: pb.GetAccountRequest, context: Context) -> pb.GetAccountResponse:
        account = usecases.get_account(*self._scope(), required_uuid(request.id), clock=self._clock)
        return pb.GetAccountResponse(account=account_pb(account))

    def UpdateAccount(
        self, request: pb.UpdateAccountRequest, context: Context
    ) -> pb.UpdateAccountResponse:
        account = usecases.update_account(
            *self._scope(),
            required_uuid(request.id),
            name=sent(request, "name"),
            active=sent(request, "active"),
            clock=self._clock,
        )
        return pb.UpdateAccountResponse(account=account_pb(account))

    def CreateEntry(
        self, request: pb.CreateEntryRequest, context: Context
    ) -> pb.CreateEntryResponse:
        recorded = usecases.record_entry(
            *self._scope(), entry_draft(request), post=request.post, clock=self._clock
        )
        return pb.CreateEntryResponse(entry=entry_pb(recorded.entry), created=recorded.created)

    def ListEntries(
        self, request: pb.ListEntriesRequest, context: Context
    ) -> pb.ListEntriesResponse:
        page = usecases.list_entries(
            *self._scope(),
            status=request_enum_text(request.status, pb.EntryStatus, "ENTRY_STATUS_"),
            account_id=parse_uuid(request.account_id, "account_id") if request.account_id else None,
            from_date=optional_date(request, "from_date"),
            to_date=optional_date(request, "to_date"),
            source_module=request.source_module or None,
            limit=sent(request, "limit"),
            offset=request.offset,
            clock=self._clock,
        )
        return pb.ListEntriesResponse(
            data=[entry_pb(e) for e in page.items], pagination=pagination_pb(page, pb.Pagination)
        )

    def GetEntry(self, request: pb.GetEntryRequest, context: Context) -> pb.GetEntryResponse:
        entry = usecases.get_entry(*self._scope(), required_uuid(request.id))
        return pb.GetEntryResponse(entry=entry_pb(entry))

    def DeleteEntry(
        self, request: pb.DeleteEntryRequest, context: Context
    ) -> pb.DeleteEntryResponse:
        usecases.delete_entry(*self._scope(), required_uuid(request.id))
        return pb.DeleteEntryResponse()

    def PostEntry(self, request: pb.PostEntryRequest, context: Context) -> pb.PostEntryResponse:
        entry = usecases.post_draft(*self._scope(), required_uuid(request.id), clock=self._clock)
        return pb.PostEntryResponse(entry=entry_pb(entry))

    def ReverseEntry(
        self, request: pb.ReverseEntryRequest, context: Context
    ) -> pb.ReverseEntryResponse:
        entry = usecases.reverse_entry(
            *self._scope(),
            required_uuid(request.id),
            entry_date=optional_date(request, "entry_date"),
            memo=request.memo,
            clock=self._clock,
        )
        return pb.ReverseEntryResponse(entry=entry_pb(entry))

    def GetTrialBalance(
        self, request: pb.GetTrialBalanceRequest, context: Context
    ) -> pb.GetTrialBalanceResponse:
        balance = usecases.get_trial_balance(
            *self._scope(), optional_date(request, "as_of"), clock=self._clock
        )
        return trial_balance_pb(balance)
