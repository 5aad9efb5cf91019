"""gRPC servicer of AuthService: proto ⇄ use cases, nothing else."""

from __future__ import annotations

import uuid
from typing import TypeVar

import grpc
from finplat.identity.v1 import auth_pb2

from services.main.auth.domain import totp
from services.main.auth.domain.grants import Grant, MfaSetup, ProfileChange, Registration
from services.main.auth.domain.users import Profile
from services.main.auth.usecases import accounts, login, mfa, profile
from services.main.kernel.caller import current_caller
from services.main.kernel.client import ClientOf
from services.main.kernel.dependencies import Kernel
from services.runtime.principal import current_principal
from services.runtime.protoconv import optional_timestamp, timestamp

GrantMessage = TypeVar(
    "GrantMessage", auth_pb2.LoginResponse, auth_pb2.LoginMfaResponse, auth_pb2.RefreshResponse
)


def _grant(grant: Grant, message: GrantMessage) -> GrantMessage:
    if grant.mfa_required:
        message.mfa_required = True
        return message
    message.access_token = grant.access_token
    message.token_type = "Bearer"
    message.expires_in = grant.expires_in
    message.session_id = grant.session_id
    message.refresh_token = grant.refresh_token
    return message


def _setup_pb(setup: MfaSetup) -> auth_pb2.SetupMfaResponse:
    return auth_pb2.SetupMfaResponse(
        secret=setup.secret,
        otpauth_uri=setup.otpauth_uri,
        recovery_codes=setup.recovery_codes,
        period=totp.PERIOD,
        digits=totp.DIGITS,
    )


def _profile_pb(found: Profile) -> auth_pb2.Profile:
    user = found.user
    out = auth_pb2.Profile(
        id=str(user.id),
        email=user.email,
        username=user.username,
        full_name=user.full_name,
        email_verified=user.email_verified,
        mfa_enabled=user.mfa_enabled,
        roles=found.roles,
        tenant_id=str(found.tenant_id),
        tenant_role=found.tenant_role,
        scopes=found.scopes,
        created_at=timestamp(user.created_at),
    )
    last = optional_timestamp(user.last_login_at)
    if last is not None:
        out.last_login_at.CopyFrom(last)
    return out


def _token_tenant() -> uuid.UUID | None:
    """The calling token's tenant (`tid`; the verifier checked it is a UUID)."""
    tenant_id = current_principal().tenant_id
    return uuid.UUID(tenant_id) if tenant_id else None


class AuthServicer:
    def __init__(self, kernel: Kernel, client_of: ClientOf) -> None:
        self._kernel = kernel
        self._client = client_of

    def Register(
        self, request: auth_pb2.RegisterRequest, context: grpc.ServicerContext
    ) -> auth_pb2.RegisterResponse:
        form = Registration(
            full_name=request.full_name,
            email=request.email,
            username=request.username,
            password=request.password,
        )
        return auth_pb2.RegisterResponse(message=accounts.register(self._kernel, form))

    def VerifyEmail(
        self, request: auth_pb2.VerifyEmailRequest, context: grpc.ServicerContext
    ) -> auth_pb2.VerifyEmailResponse:
        accounts.verify_email(self._kernel, request.token, self._client(context))
        return auth_pb2.VerifyEmailResponse(verified=True, message="Your email is verified.")

    def ResendVerification(
        self, request: auth_pb2.ResendVerificationRequest, context: grpc.ServicerContext
    ) -> auth_pb2.ResendVerificationResponse:
        message = accounts.resend_verification(self._kernel, request.email)
        return auth_pb2.ResendVerificationResponse(message=message)

    def Login(
        self, request: auth_pb2.LoginRequest, context: grpc.ServicerContext
    ) -> auth_pb2.LoginResponse:
        client = self._client(context, request.device_fingerprint)
        grant = login.login(self._kernel, request.email, request.password, client)
        return _grant(grant, auth_pb2.LoginResponse())

    def LoginMfa(
        self, request: auth_pb2.LoginMfaRequest, context: grpc.ServicerContext
    ) -> auth_pb2.LoginMfaResponse:
        client = self._client(context, request.device_fingerprint)
        grant = login.login_mfa(
            self._kernel, request.email, request.password, request.mfa_code, client
        )
        return _grant(grant, auth_pb2.LoginMfaResponse())

    def SetupMfa(
        self, request: auth_pb2.SetupMfaRequest, context: grpc.ServicerContext
    ) -> auth_pb2.SetupMfaResponse:
        return _setup_pb(mfa.setup(self._kernel, current_caller().user_id))

    def EnableMfa(
        self, request: auth_pb2.EnableMfaRequest, context: grpc.ServicerContext
    ) -> auth_pb2.EnableMfaResponse:
        mfa.enable(self._kernel, current_caller().user_id, request.code, self._client(context))
        return auth_pb2.EnableMfaResponse(mfa_enabled=True)

    def DisableMfa(
        self, request: auth_pb2.DisableMfaRequest, context: grpc.ServicerContext
    ) -> auth_pb2.DisableMfaResponse:
        mfa.disable(
            self._kernel,
            current_caller().user_id,
            request.password,
            request.code,
            self._client(context),
        )
        return auth_pb2.DisableMfaResponse(mfa_enabled=False)

    def VerifyMfa(
        self, request: auth_pb2.VerifyMfaRequest, context: grpc.ServicerContext
    ) -> auth_pb2.VerifyMfaResponse:
        caller = current_caller()
        verified = mfa.verify(
            self._kernel, caller.user_id, caller.session_id, request.code, self._client(context)
        )
        return auth_pb2.VerifyMfaResponse(
            mfa_verified=True,
            access_token=verified.access_token,
            token_type="Bearer",
            expires_in=verified.expires_in,
        )

    def GetServerTime(
        self, request: auth_pb2.GetServerTimeRequest, context: grpc.ServicerContext
    ) -> auth_pb2.GetServerTimeResponse:
        now = self._kernel.clock()
        clock = totp.server_time(now.timestamp())
        return auth_pb2.GetServerTimeResponse(
            server_time=timestamp(now),
            unix_time=clock.unix_time,
            period=clock.period,
            step=clock.step,
            seconds_remaining=clock.seconds_remaining,
        )

    def ForgotPassword(
        self, request: auth_pb2.ForgotPasswordRequest, context: grpc.ServicerContext
    ) -> auth_pb2.ForgotPasswordResponse:
        return auth_pb2.ForgotPasswordResponse(
            message=accounts.forgot_password(self._kernel, request.email)
        )

    def VerifyResetToken(
        self, request: auth_pb2.VerifyResetTokenRequest, context: grpc.ServicerContext
    ) -> auth_pb2.VerifyResetTokenResponse:
        expires = accounts.reset_token_expiry(self._kernel, request.token)
        if expires is None:
            return auth_pb2.VerifyResetTokenResponse(valid=False)
        return auth_pb2.VerifyResetTokenResponse(valid=True, expires_at=timestamp(expires))

    def ResetPassword(
        self, request: auth_pb2.ResetPasswordRequest, context: grpc.ServicerContext
    ) -> auth_pb2.ResetPasswordResponse:
        accounts.reset_password(
            self._kernel, request.token, request.new_password, self._client(context)
        )
        return auth_pb2.ResetPasswordResponse(
            message="Your password is changed; log in again on every device."
        )

    def Refresh(
        self, request: auth_pb2.RefreshRequest, context: grpc.ServicerContext
    ) -> auth_pb2.RefreshResponse:
        grant = login.refresh(self._kernel, request.refresh_token, self._client(context))
        return _grant(grant, auth_pb2.RefreshResponse())

    def Logout(
        self, request: auth_pb2.LogoutRequest, context: grpc.ServicerContext
    ) -> auth_pb2.LogoutResponse:
        caller = current_caller()
        login.logout(self._kernel, caller.user_id, caller.session_id, self._client(context))
        return auth_pb2.LogoutResponse()

    def GetProfile(
        self, request: auth_pb2.GetProfileRequest, context: grpc.ServicerContext
    ) -> auth_pb2.GetProfileResponse:
        found = profile.get(self._kernel, current_caller().user_id, _token_tenant())
        return auth_pb2.GetProfileResponse(profile=_profile_pb(found))

    def UpdateProfile(
        self, request: auth_pb2.UpdateProfileRequest, context: grpc.ServicerContext
    ) -> auth_pb2.UpdateProfileResponse:
        def optional(field: str) -> str | None:
            return str(getattr(request, field)) if request.HasField(field) else None

        change = ProfileChange(
            name=optional("name"),
            password=optional("password"),
            current_password=optional("current_password"),
            setup_mfa=request.setup_mfa,
            disable_mfa=request.disable_mfa,
            mfa_code=optional("mfa_code"),
        )
        caller = current_caller()
        found, setup = profile.update(
            self._kernel,
            caller.user_id,
            caller.session_id,
            _token_tenant(),
            change,
            self._client(context),
        )
        response = auth_pb2.UpdateProfileResponse(profile=_profile_pb(found))
        if setup is not None:
            response.mfa_setup.CopyFrom(_setup_pb(setup))
        return response
