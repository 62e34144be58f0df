"""A fake Slack Web API on 127.0.0.1 (aiohttp, random port) that records what the app calls, and
a signer for the requests Slack would send the app (slash commands, interactions, events).

It can be taken down two ways: `failing = True` answers every call with HTTP 500, and `down()`
closes the port so connections are refused, until `up()` opens it again on the same port.
`refusing` maps a method to the error Slack would answer it with (e.g. a missing scope).
Files go up as `files_upload_v2` sends them: an upload URL, the bytes, then the completion;
`uploads` keeps the bytes by file id."""

import asyncio
import hashlib
import hmac
import itertools
import json
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.helpers.waiting import wait_for

BOT_USER_ID, BOT_ID = "UBOT", "BBOT"


class FakeSlack:
    def __init__(self, names: dict[str, str] | None = None) -> None:
        self.names = names or {}
        self.calls: list[dict[str, Any]] = []
        self.failing = False
        self.flaky = 0.0  # the share of calls answered 500 or 429 at random (a load bench's faults)
        self._draw = random.Random(7)
        self.refusing: dict[str, str] = {}
        # What auth.test says the token was granted (Slack's x-oauth-scopes header).
        self.scopes = "chat:write,commands,users:read,channels:history,groups:history"
        self.uploads: dict[str, bytes] = {}
        self.acks: list[dict[str, Any]] = []  # Socket Mode: what the app acknowledged
        self._sockets: list[web.WebSocketResponse] = []
        self._ts = itertools.count(1)
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._site: web.TCPSite | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        threading.Thread(target=self._serve, daemon=True).start()
        self._ready.wait(10)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/"

    # --- what tests call
    def recorded(self, method: str, **match: Any) -> list[dict[str, Any]]:
        with self._lock:
            return [
                call
                for call in self.calls
                if call["method"] == method
                and all(call.get(key) == value for key, value in match.items())
            ]

    def wait_for(self, condition: Callable[[], object], timeout: float = 30) -> bool:
        return wait_for(condition, timeout)

    def connected(self) -> bool:
        return bool(self._sockets)

    def envelope(self, kind: str, payload: dict[str, Any]) -> str:
        """Send the app an envelope over its Socket Mode connection; returns its id."""
        envelope_id = f"env-{time.monotonic_ns()}"
        message = json.dumps(
            {
                "envelope_id": envelope_id,
                "type": kind,
                "accepts_response_payload": kind != "events_api",
                "payload": payload,
            }
        )
        asyncio.run_coroutine_threadsafe(self._sockets[-1].send_str(message), self._loop).result(10)
        return envelope_id

    def down(self) -> None:
        asyncio.run_coroutine_threadsafe(self._stop_site(), self._loop).result(10)

    def up(self) -> None:
        asyncio.run_coroutine_threadsafe(self._start_site(self.port), self._loop).result(10)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._stop_site(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)

    # --- the API
    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._handle)
        app.router.add_get("/socket", self._socket)
        app.router.add_post("/response", self._response)
        app.router.add_post("/upload/{file_id}", self._upload)
        self._runner = web.AppRunner(app)
        self._loop.run_until_complete(self._runner.setup())
        self._loop.run_until_complete(self._start_site(0))
        self._ready.set()
        self._loop.run_forever()

    async def _start_site(self, port: int) -> None:
        assert self._runner is not None
        self._site = web.TCPSite(self._runner, "127.0.0.1", port, reuse_address=True)
        await self._site.start()
        self.port = self._site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def _stop_site(self) -> None:
        if self._site is not None:
            await self._site.stop()
            self._site = None

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.send_str(json.dumps({"type": "hello", "num_connections": 1}))
        self._sockets.append(socket)
        async for frame in socket:
            if frame.type == web.WSMsgType.TEXT:
                with self._lock:
                    self.acks.append(json.loads(frame.data))
        self._sockets.remove(socket)
        return socket

    async def _response(self, request: web.Request) -> web.Response:
        """A slash command's response URL."""
        with self._lock:
            self.calls.append({"method": "response_url", **(await request.json())})
        return web.Response(text="ok")

    async def _upload(self, request: web.Request) -> web.Response:
        """The upload URL files.getUploadURLExternal hands out: the file's bytes, as is."""
        with self._lock:
            self.uploads[request.match_info["file_id"]] = await request.read()
        return web.Response(text="OK - 200")

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        payload: dict[str, Any] = dict(request.query)
        if request.content_type == "application/json":
            payload.update(await request.json())
        elif request.can_read_body:
            payload.update(await request.post())
        if self.failing:
            return web.Response(status=500, text="internal error")
        if self.flaky and self._draw.random() < self.flaky:  # half 500s, half rate limits
            if self._draw.random() < 0.5:
                return web.Response(status=500, text="internal error")
            return web.json_response(
                {"ok": False, "error": "ratelimited"}, status=429, headers={"Retry-After": "1"}
            )
        with self._lock:
            ts = f"{int(time.time())}.{next(self._ts):06d}"  # as Slack: the clock, then a count
            self.calls.append(
                {
                    "method": method,
                    "ts_given": ts,
                    "authorization": request.headers.get("Authorization"),
                    **payload,
                }
            )
        if method in self.refusing:
            return web.json_response({"ok": False, "error": self.refusing[method]})
        if method == "chat.postEphemeral" and str(payload.get("channel")).startswith("D"):
            # A DM between two people: the app is not in it.
            return web.json_response({"ok": False, "error": "channel_not_found"})
        headers = {"x-oauth-scopes": self.scopes} if method == "auth.test" else None
        return web.json_response({"ok": True, **self._result(method, payload, ts)}, headers=headers)

    def _result(self, method: str, payload: dict[str, Any], ts: str) -> dict[str, Any]:
        if method == "apps.connections.open":
            return {"url": f"ws://127.0.0.1:{self.port}/socket"}
        if method == "auth.test":
            return {"user_id": BOT_USER_ID, "bot_id": BOT_ID, "team_id": "T1", "user": "infrabot"}
        if method == "users.info":
            user = str(payload.get("user"))
            return {"user": {"id": user, "name": user.lower(), "real_name": self.names.get(user)}}
        if method == "chat.postMessage":
            return {"channel": payload.get("channel"), "ts": ts, "message": {"ts": ts}}
        if method in ("conversations.history", "conversations.replies"):
            return {"messages": self._history(method, payload), "has_more": False}
        if method == "chat.postEphemeral":
            return {"message_ts": ts}
        if method == "views.open":
            return {"view": {"id": f"V{ts}"}}
        if method == "conversations.open":
            return {"channel": {"id": f"D{payload.get('users')}"}}
        if method == "files.getUploadURLExternal":
            file_id = f"F{ts.replace('.', '')}"
            url = f"http://127.0.0.1:{self.port}/upload/{file_id}"
            return {"file_id": file_id, "upload_url": url}
        if method == "files.completeUploadExternal":
            return {"files": json.loads(str(payload.get("files")))}
        return {}

    def _history(self, method: str, payload: dict[str, Any]) -> list[dict[str, Any]]:
        """What was posted in the channel (or the thread), newest first, as Slack lists it;
        each message's metadata only when asked for (include_all_metadata)."""
        channel, thread = payload.get("channel"), payload.get("ts")
        with_metadata = str(payload.get("include_all_metadata")).lower() in ("1", "true")
        oldest = float(payload.get("oldest") or 0)
        found = []
        for call in self.recorded("chat.postMessage", channel=channel):
            ts, parent = call["ts_given"], call.get("thread_ts")
            if method == "conversations.history" and (parent or float(ts) < oldest):
                continue
            if method == "conversations.replies" and thread not in (ts, parent):
                continue
            message = {"ts": ts, "text": call.get("text"), "thread_ts": parent}
            if with_metadata and call.get("metadata"):
                message["metadata"] = call["metadata"]
            found.append(message)
        return found[::-1]


class SlackSigner:
    """Sends what Slack sends an Events API app, signed with the app's signing secret."""

    def __init__(self, url: str, secret: str) -> None:
        self.url, self.secret = url, secret
        self._last: urllib.request.Request | None = None
        self._triggers = itertools.count(1)

    def _trigger(self) -> str:
        """Slack gives every command, click and submission a trigger id of its own, so two
        clicks on the same button are two different requests (a replay is the same one)."""
        return f"trigger-{next(self._triggers)}"

    def post(self, body: bytes, content_type: str, secret: str | None = None) -> tuple[int, str]:
        stamp = str(int(time.time()))
        base = b"v0:" + stamp.encode() + b":" + body
        signature = hmac.new((secret or self.secret).encode(), base, hashlib.sha256).hexdigest()
        self._last = urllib.request.Request(
            self.url,
            data=body,
            headers={
                "Content-Type": content_type,
                "X-Slack-Request-Timestamp": stamp,
                "X-Slack-Signature": f"v0={signature}",
            },
        )
        return self.replay()

    def replay(self) -> tuple[int, str]:
        """Send the last request again, byte for byte, signature included (a replay)."""
        request = self._last
        assert request is not None, "nothing sent yet"
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status), response.read().decode()
        except urllib.error.HTTPError as error:
            return int(error.code), error.read().decode()

    def command(
        self, name: str, text: str, user: str, channel: str = "CVENDAS", **extra: str
    ) -> tuple[int, str]:
        form = {
            "command": name,
            "text": text,
            "user_id": user,
            "user_name": user.lower(),
            "channel_id": channel,
            "team_id": "T1",
            "trigger_id": self._trigger(),
            "response_url": self.url.replace("/slack/events", "/unused"),
            **extra,
        }
        return self.post(urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded")

    def interaction(self, payload: dict[str, Any]) -> tuple[int, str]:
        body = urllib.parse.urlencode({"payload": json.dumps(payload)}).encode()
        return self.post(body, "application/x-www-form-urlencoded")

    def press(
        self,
        action_id: str,
        value: str,
        user: str,
        channel: str = "CVENDAS",
        message_ts: str = "1.0",
    ) -> tuple[int, str]:
        return self.interaction(
            {
                "type": "block_actions",
                "team": {"id": "T1"},
                "user": {"id": user},
                "api_app_id": "A1",
                "trigger_id": self._trigger(),
                "channel": {"id": channel},
                "container": {"type": "message", "message_ts": message_ts},
                "message": {"ts": message_ts, "text": ""},
                "actions": [
                    {"type": "button", "action_id": action_id, "block_id": "b", "value": value}
                ],
            }
        )

    def submit(
        self, callback_id: str, metadata: str, values: dict[str, str], user: str
    ) -> tuple[int, str]:
        state = {
            block: {"valor": {"type": "plain_text_input", "value": v}}
            for block, v in values.items()
        }
        return self.interaction(
            {
                "type": "view_submission",
                "team": {"id": "T1"},
                "user": {"id": user},
                "api_app_id": "A1",
                "trigger_id": self._trigger(),
                "view": {
                    "id": "V1",
                    "type": "modal",
                    "callback_id": callback_id,
                    "private_metadata": metadata,
                    "state": {"values": state},
                },
            }
        )

    def event(self, event: dict[str, Any]) -> tuple[int, str]:
        body = {
            "type": "event_callback",
            "team_id": "T1",
            "api_app_id": "A1",
            "event_id": f"Ev{time.monotonic_ns()}",
            "event_time": int(time.time()),
            "event": event,
        }
        return self.post(json.dumps(body).encode(), "application/json")
