"""The declarative registry of the personal data finplat processes, for the GDPR
Article 30 record (compliance.domain.gdpr renders it). One entry per processing
activity, naming the tables and columns it really holds (read from each backend's
tables.py); a test checks that every Article 30(1) item is filled in for each.

Roles (our reading, docs/project-finance-compliance.md): the tenant (the organisation
using finplat) is the controller of its business data and of its members' accounts as
far as it admits them; the finplat operator processes on its behalf (Article 28) and
is named as processor. Personal analytics data (spec 2) belongs to the user, who is
then the data subject and whose own use is outside the GDPR's scope (Article 2(2)(c));
the operator processes it for them all the same and lists it here.

Retention: what the code enforces is stated as such (token and invitation lifetimes);
where nothing is purged automatically the period says so, and the operator's erasure
procedure applies. Change this registry together with the tables it describes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class ProcessingActivity:
    activity_id: str
    activity_name: str
    purpose: str
    legal_basis: str
    data_subjects: tuple[str, ...]
    data_categories: tuple[str, ...]
    # Where the data lives: backend.table(columns) — the evidence of the entry.
    stores: tuple[str, ...]
    recipients: tuple[str, ...]
    transfers: tuple[str, ...]
    retention_period: str
    security_measures: tuple[str, ...]


@dataclass(frozen=True)
class Party:
    role: str
    name: str
    contact: str


FRAMEWORK: Final = "GDPR Article 30"
ARTICLE: Final = "30(1)"

PROCESSOR: Final = Party(
    role="processor",
    name="finplat platform operator",
    contact="the operator named in the tenant's service agreement",
)

NO_TRANSFERS: Final = (
    "none: every backend and database runs where the operator deploys finplat; no "
    "third-country transfer is made by the platform itself",
)

TECHNICAL_MEASURES: Final = (
    "TLS between clients and the gateway; gRPC between services",
    "passwords stored as Argon2 hashes, never in clear (main users.password_hash)",
    "refresh tokens, action tokens, recovery codes, API keys and service-account secrets "
    "stored only as hashes",
    "TOTP second factor (main users.mfa_secret) and trusted devices by fingerprint hash",
    "short-lived signed access tokens with scopes; every request checked for tenant and scope",
    "row-level tenant scoping of every query (db.scoping)",
    "append-only, hash-chained project-finance audit log (tampering detected)",
    "uploaded documents virus-scanned (clamd) before parsing",
    "Ed25519-signed SOX attestations",
)

ORGANISATIONAL_MEASURES: Final = (
    "role-based access per tenant (owner, manager, member, viewer) with least privilege",
    "segregation of duties: an approval's requester cannot decide it",
    "security events recorded for sign-ins, MFA and session changes, with alerts on "
    "new devices, new countries and impossible travel",
    "invitations by email, single-use, expiring after 7 days",
    "every project-finance change attributed to a user, address and request id",
    "records of processing kept as this registry, reviewed with every schema change",
)

_PLATFORM: Final = ("finplat platform operator (processor)",)

ACTIVITIES: Final = (
    ProcessingActivity(
        activity_id="identity-accounts",
        activity_name="User accounts and tenant membership",
        purpose="identify users, let them sign in and act in the tenants they belong to",
        legal_basis="Article 6(1)(b) contract",
        data_subjects=("tenant members (employees and contractors)", "invited persons"),
        data_categories=(
            "email address",
            "username",
            "full name",
            "password hash",
            "TOTP secret and recovery code hashes",
            "tenant role and scopes",
            "email verification and last sign-in moments",
            "invitation email address",
        ),
        stores=(
            "main.users(email, username, full_name, password_hash, mfa_secret, roles, "
            "last_login_at)",
            "main.recovery_codes(code_hash)",
            "main.tenant_memberships(user_id, tenant_role)",
            "main.tenant_invitations(email, token_hash)",
        ),
        recipients=(
            *_PLATFORM,
            "the tenant's owners and managers (member lists)",
        ),
        transfers=NO_TRANSFERS,
        retention_period="while the account exists; invitations expire after 7 days",
        security_measures=TECHNICAL_MEASURES[1:5],
    ),
    ProcessingActivity(
        activity_id="sessions-security",
        activity_name="Sessions, devices and security events",
        purpose="keep sessions, detect account takeover and show users their sign-ins",
        legal_basis="Article 6(1)(f) legitimate interest (security of the service)",
        data_subjects=("tenant members", "persons attempting to sign in"),
        data_categories=(
            "IP address",
            "user agent and device description",
            "approximate location (country, city, coordinates from GeoIP)",
            "sign-in and MFA results",
            "device fingerprint hash",
        ),
        stores=(
            "main.sessions(ip_address, user_agent, device, amr)",
            "main.refresh_tokens(token_hash)",
            "main.security_events(ip_address, user_agent, device, country, city, latitude, "
            "longitude, subject_hash)",
            "main.trusted_devices(fingerprint_hash, nickname)",
        ),
        recipients=(
            *_PLATFORM,
            "the user concerned (own sessions and security events)",
        ),
        transfers=NO_TRANSFERS,
        retention_period="sessions until they expire or are revoked; security events and "
        "devices until the account is deleted (no automatic purge)",
        security_measures=TECHNICAL_MEASURES[3:6],
    ),
    ProcessingActivity(
        activity_id="project-finance",
        activity_name="Project finance and its audit log",
        purpose="keep project budgets, costs, milestones and approvals, and prove who "
        "changed what (SOX 404 evidence)",
        legal_basis="Article 6(1)(c) legal obligation (accounting and internal control) "
        "and 6(1)(b) contract",
        data_subjects=("tenant members who request, approve or change finance data",),
        data_categories=(
            "user id of the actor, requester and approver",
            "IP address and user agent of each change",
            "request correlation id",
            "approval notes and descriptions",
        ),
        stores=(
            "projectfinance.audit_entries(user_id, ip_address, user_agent, correlation_id, "
            "before, after)",
            "projectfinance.approvals(requester_id, approver_id, notes)",
            "projectfinance.project_finances(created_by)",
        ),
        recipients=(
            *_PLATFORM,
            "the tenant's members with project-finance scopes",
            "auditors the tenant gives compliance reports to",
        ),
        transfers=NO_TRANSFERS,
        retention_period="the audit log is append-only and kept until the operator archives "
        "it (statutory bookkeeping periods, e.g. 10 years in Germany, apply)",
        security_measures=(*TECHNICAL_MEASURES[5:7], TECHNICAL_MEASURES[8]),
    ),
    ProcessingActivity(
        activity_id="projects-invoicing",
        activity_name="Projects, invoices and payments",
        purpose="run the tenant's projects and bill its customers",
        legal_basis="Article 6(1)(b) contract and 6(1)(c) legal obligation (invoicing)",
        data_subjects=("tenant members on projects", "the tenant's customers and their contacts"),
        data_categories=(
            "project member allocations",
            "customer name, email address, postal address and tax id",
            "invoice lines and amounts",
            "payment references",
        ),
        stores=(
            "main.project_members(user_id, role, allocation_percent)",
            "main.projects(client_name)",
            "main.invoices(customer_name, customer_email, customer_address, customer_tax_id)",
            "main.payments(reference, method)",
        ),
        recipients=(
            *_PLATFORM,
            "the tenant's customers (the invoices sent to them)",
        ),
        transfers=NO_TRANSFERS,
        retention_period="issued invoices are immutable and kept for the statutory period; "
        "no automatic purge",
        security_measures=TECHNICAL_MEASURES[4:6],
    ),
    ProcessingActivity(
        activity_id="personal-analytics",
        activity_name="Personal finance analytics",
        purpose="import a user's bank statements and show categories, budgets, cash flow "
        "and forecasts to that user",
        legal_basis="Article 6(1)(b) contract",
        data_subjects=("the user", "counterparties named in statement lines"),
        data_categories=(
            "bank statement files",
            "bank statement lines (booking date, amount, description, merchant, bank reference)",
            "categories, budgets, goals and planned expenses",
        ),
        stores=(
            "analytics.documents(file_name) and analytics.document_chunks(data)",
            "analytics.transactions(booked_at, amount, description, merchant_name, bank_reference)",
            "analytics.budgets, analytics.goals, analytics.planned_expenses",
        ),
        recipients=(
            *_PLATFORM,
            "the user only (personal data is not the tenant's)",
        ),
        transfers=NO_TRANSFERS,
        retention_period="until the user deletes the document or the account",
        security_measures=TECHNICAL_MEASURES[4:8:3],
    ),
    ProcessingActivity(
        activity_id="expenses",
        activity_name="Expense records by API key",
        purpose="record expenses sent by integrations",
        legal_basis="Article 6(1)(b) contract",
        data_subjects=("persons named in expense descriptions",),
        data_categories=("expense amount, date, category and free-text description",),
        stores=(
            "expense.expenses(amount, description, category, date)",
            "expense.api_keys(secret_hash)",
        ),
        recipients=_PLATFORM,
        transfers=NO_TRANSFERS,
        retention_period="until deleted through the API (no automatic purge)",
        security_measures=TECHNICAL_MEASURES[2:3],
    ),
)

RETENTION_PERIOD: Final = (
    "per activity (see data_processing_activities); finance records and their audit log "
    "for the statutory bookkeeping period"
)
RETENTION_JUSTIFICATION: Final = (
    "accounting and tax law require finance records, invoices and the evidence of "
    "internal control to be kept for the statutory period; account, session and security "
    "data only as long as the account they secure exists"
)
