"""The registry in Redis, so every edge sees the same registrations.

Layout (one hash tag, so a Redis Cluster keeps it all in one slot and the scripts may
touch every key): a hash per instance that Redis expires at `expires_at`, a string per
service_type+address+port pointing at its instance (heartbeats by address), and a sorted
set of instance ids scored by expiry (listing without SCAN). Registering and
deregistering are Lua scripts: two edges receiving the same heartbeat cannot create two
instances. Calls use the shared fail-fast pool off the event loop; after a failure the
`Outage` back-off answers "unavailable" at once instead of waiting on a dead socket.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any, TypeVar, cast

import orjson
import redis

from edge.discovery.registry import Instance, Registration, RegistryUnavailable
from services.runtime.redis_outage import Outage, fail_fast_pool

log = logging.getLogger(__name__)
T = TypeVar("T")

PREFIX = "{finplat:discovery}:"
EXPIRY = PREFIX + "expiry"
INSTANCE = PREFIX + "instance:"

# KEYS: expiry set, address key. ARGV: instance key prefix, given id ("" if none), fresh
# id, now, expires_at, expiry in ms since the epoch, then the field/value pairs.
_REGISTER = """
local id = ARGV[2]
if id == '' then
  id = redis.call('GET', KEYS[2])
  if not id or redis.call('EXISTS', ARGV[1] .. id) == 0 then id = ARGV[3] end
end
local key = ARGV[1] .. id
local registered = redis.call('HGET', key, 'registered_at')
local created = 0
if not registered then
  registered = ARGV[4]
  created = 1
else
  local old = redis.call('HGET', key, 'address_key')
  if old and old ~= KEYS[2] and redis.call('GET', old) == id then redis.call('DEL', old) end
end
redis.call('HSET', key, 'registered_at', registered, 'expires_at', ARGV[5],
           'address_key', KEYS[2], unpack(ARGV, 7))
redis.call('PEXPIREAT', key, ARGV[6])
redis.call('SET', KEYS[2], id, 'PXAT', ARGV[6])
redis.call('ZADD', KEYS[1], ARGV[5], id)
return {id, created, registered}
"""

# KEYS: expiry set. ARGV: instance key prefix, id.
_DEREGISTER = """
local key = ARGV[1] .. ARGV[2]
redis.call('ZREM', KEYS[1], ARGV[2])
local address_key = redis.call('HGET', key, 'address_key')
if not address_key then return 0 end
if redis.call('GET', address_key) == ARGV[2] then redis.call('DEL', address_key) end
redis.call('DEL', key)
return 1
"""


def _address_key(registration: Registration) -> str:
    host = registration.address.lower()
    return f"{PREFIX}address:{registration.service_type}|{host}|{registration.port}"


class RedisRegistry:
    store = "redis"

    def __init__(
        self,
        url: str,
        ttl_seconds: int,
        retry_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.ttl_seconds = ttl_seconds
        self._clock = clock
        self._client = redis.Redis(connection_pool=fail_fast_pool(url), decode_responses=False)
        self._register = self._client.register_script(_REGISTER)
        self._deregister = self._client.register_script(_DEREGISTER)
        self._outage = Outage("service registry", retry_seconds, log)

    async def _call(self, work: Callable[[], T]) -> T:
        if not self._outage.usable():
            raise RegistryUnavailable("service registry store is unavailable")
        try:
            return await asyncio.to_thread(work)
        except redis.RedisError as exc:
            self._outage.failed(exc)
            raise RegistryUnavailable("service registry store is unavailable") from exc

    async def register(self, registration: Registration) -> tuple[Instance, bool]:
        now = self._clock()
        expires_at = now + self.ttl_seconds
        fields = {
            "service_type": registration.service_type,
            "address": registration.address,
            "port": registration.port,
            "weight": registration.weight,
            "metadata": orjson.dumps(dict(registration.metadata)).decode(),
        }
        args: list[Any] = [
            INSTANCE,
            registration.instance_id or "",
            str(uuid.uuid4()),
            repr(now),
            repr(expires_at),
            int(expires_at * 1000),
        ]
        for name, value in fields.items():
            args += [name, value]
        keys = [EXPIRY, _address_key(registration)]
        raw_id, created, registered = await self._call(lambda: self._register(keys, args))
        instance = Instance(
            instance_id=raw_id.decode(),
            service_type=registration.service_type,
            address=registration.address,
            port=registration.port,
            weight=registration.weight,
            metadata=dict(registration.metadata),
            registered_at=float(registered),
            expires_at=expires_at,
        )
        return instance, bool(created)

    async def deregister(self, instance_id: str) -> bool:
        removed = await self._call(lambda: self._deregister([EXPIRY], [INSTANCE, instance_id]))
        return bool(removed)

    async def instances(self) -> list[Instance]:
        return await self._call(self._live)

    def _live(self) -> list[Instance]:
        now = self._clock()
        # Instance hashes expire by themselves; the sorted set is trimmed here.
        self._client.zremrangebyscore(EXPIRY, "-inf", repr(now))
        ids = [raw.decode() for raw in cast(list[bytes], self._client.zrange(EXPIRY, 0, -1))]
        pipe = self._client.pipeline(transaction=False)
        for instance_id in ids:
            pipe.hgetall(INSTANCE + instance_id)
        found = []
        for instance_id, stored in zip(ids, pipe.execute(), strict=True):
            if stored:  # expired between the two reads
                found.append(_instance(instance_id, stored))
        return sorted(found, key=lambda i: (i.service_type, i.registered_at))

    def close(self) -> None:
        self._client.close()


def _instance(instance_id: str, stored: dict[bytes, bytes]) -> Instance:
    text = {k.decode(): v.decode() for k, v in stored.items()}
    return Instance(
        instance_id=instance_id,
        service_type=text["service_type"],
        address=text["address"],
        port=int(text["port"]),
        weight=int(text["weight"]),
        metadata=orjson.loads(text["metadata"]),
        registered_at=float(text["registered_at"]),
        expires_at=float(text["expires_at"]),
    )
