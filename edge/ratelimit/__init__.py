"""Gateway rate limiting: sliding window, token bucket or fixed window, per user, per IP
and globally, shared across edges through Redis with an in-process fallback."""

from edge.ratelimit.limiter import RateLimiter, Verdict
from edge.ratelimit.middleware import RateLimitMiddleware
from edge.ratelimit.policy import RateLimitPolicy
from edge.ratelimit.settings import RateLimitSettings
from edge.ratelimit.store import Counter
from services.runtime.windows import Decision, Rule

__all__ = [
    "Counter",
    "Decision",
    "RateLimitMiddleware",
    "RateLimitPolicy",
    "RateLimitSettings",
    "RateLimiter",
    "Rule",
    "Verdict",
]
