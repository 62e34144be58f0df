"""A fake Telegram Bot API on 127.0.0.1: it feeds updates to the bot through getUpdates and
records what the bot sends, speaking the Bot API's JSON wire format (aiohttp, random port)."""

import asyncio
import contextlib
import itertools
import threading
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.helpers.waiting import wait_for

BOT_USER = {"id": 999, "is_bot": True, "first_name": "infrabot", "username": "infrabot_test_bot"}


def _chat(chat_id: int) -> dict[str, Any]:
    if chat_id < 0:
        return {"id": chat_id, "type": "group", "title": "Grupo"}
    return {"id": chat_id, "type": "private", "first_name": "Cliente"}


class FakeTelegram:
    def __init__(self, token: str = "123:TESTE") -> None:
        self.token = token
        self.sent: list[dict[str, Any]] = []  # every call the bot made, in order
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self.throttle_next: int = 0  # answer the next N sendMessage calls with a 429
        self.failing = False  # answer every sendMessage with a 500 (Telegram down)
        self.refused = 0  # sendMessage calls answered with that 500
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._arrived = asyncio.Event()
        self._ready = threading.Event()
        self.port = 0
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    # --- what tests call ----------------------------------------------------------------------
    def push(self, update: dict[str, Any], update_id: int | None = None) -> int:
        with self._lock:
            update_id = update_id if update_id is not None else next(self._update_ids)
            self._updates.append({"update_id": update_id, **update})
        self._loop.call_soon_threadsafe(self._arrived.set)  # wake a waiting getUpdates now
        return update_id

    def message(self, chat_id: int, text: str, user_id: int | None = None) -> int:
        """A person writes; a chat id under zero is a group, where `user_id` is the member."""
        user = {
            "id": user_id or chat_id,
            "is_bot": False,
            "first_name": "Cliente",
            "language_code": "pt-br",
        }
        entities = []
        if text.startswith("/"):
            entities = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return self.push(
            {
                "message": {
                    "message_id": next(self._message_ids),
                    "date": int(time.time()),
                    "chat": _chat(chat_id),
                    "from": user,
                    "text": text,
                    "entities": entities,
                }
            }
        )

    def press(self, chat_id: int, data: str, user_id: int | None = None) -> int:
        return self.push(
            {
                "callback_query": {
                    "id": str(next(self._message_ids)),
                    "chat_instance": str(chat_id),
                    "data": data,
                    "from": {"id": user_id or chat_id, "is_bot": False, "first_name": "Cliente"},
                    "message": {
                        "message_id": next(self._message_ids),
                        "date": int(time.time()),
                        "chat": _chat(chat_id),
                        "from": BOT_USER,
                        "text": "botões",
                    },
                }
            }
        )

    def calls(self, method: str, chat_id: int | None = None) -> list[dict[str, Any]]:
        with self._lock:
            return [
                c
                for c in self.sent
                if c["method"] == method
                and (chat_id is None or str(c.get("chat_id")) == str(chat_id))
            ]

    def texts(self, chat_id: int) -> list[str]:
        return [str(c.get("text", "")) for c in self.calls("sendMessage", chat_id)]

    def wait_for(self, condition: Callable[[], object], timeout: float = 30) -> bool:
        return wait_for(condition, timeout)

    def wait_texts(self, chat_id: int, count: int, timeout: float = 30) -> list[str]:
        self.wait_for(lambda: len(self.texts(chat_id)) >= count, timeout)
        return self.texts(chat_id)

    def close(self) -> None:
        async def shutdown() -> None:
            pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            self._loop.stop()

        asyncio.run_coroutine_threadsafe(shutdown(), self._loop)
        self._thread.join(5)

    # --- the API --------------------------------------------------------------------------------
    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_route("POST", "/bot{token}/{method}", self._handle)
        app.router.add_route("GET", "/bot{token}/{method}", self._handle)
        runner = web.AppRunner(app)
        self._loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._ready.set()
        self._loop.run_forever()

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        payload: dict[str, Any] = {}
        if request.content_type == "application/json":
            payload = await request.json()
        elif request.can_read_body:
            payload = dict(await request.post())
            for key, value in list(payload.items()):
                if isinstance(value, web.FileField):  # keep an uploaded file's bytes to check
                    payload[f"{key}_content"] = value.file.read()
        if method == "getUpdates":
            return web.json_response({"ok": True, "result": await self._get_updates(payload)})
        if method == "sendMessage" and self.failing:
            self.refused += 1
            return web.json_response(
                {"ok": False, "error_code": 500, "description": "Internal Server Error"},
                status=500,
            )
        if method == "sendMessage" and len(str(payload.get("text", ""))) > 4096:
            return web.json_response(  # as the Bot API refuses it
                {"ok": False, "error_code": 400, "description": "Bad Request: message is too long"},
                status=400,
            )
        if method == "sendMessage" and self.throttle_next > 0:
            self.throttle_next -= 1
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 429,
                    "description": "Too Many Requests: retry after 1",
                    "parameters": {"retry_after": 1},
                },
                status=429,
            )
        with self._lock:
            self.sent.append({"method": method, "_at": time.monotonic(), **payload})
        return web.json_response({"ok": True, "result": self._result(method, payload)})

    async def _get_updates(self, payload: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(payload.get("offset") or 0)
        timeout = float(payload.get("timeout") or 0)
        deadline = time.monotonic() + min(timeout, 1.0)
        while True:
            with self._lock:
                self._updates = [u for u in self._updates if u["update_id"] >= offset]
                ready = list(self._updates)
            if ready or time.monotonic() >= deadline:
                return ready
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), max(0.0, deadline - time.monotonic()))

    def _result(self, method: str, payload: dict[str, Any]) -> Any:
        if method == "getMe":
            return {
                **BOT_USER,
                "id": int(self.token.split(":", 1)[0]),  # as Telegram: the token's prefix
                "can_join_groups": False,
                "can_read_all_group_messages": False,
                "supports_inline_queries": False,
            }
        if method in {"sendMessage", "editMessageText", "sendDocument"}:
            chat_id = int(payload.get("chat_id", 0))
            return {
                "message_id": next(self._message_ids),
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private"},
                "from": BOT_USER,
                "text": payload.get("text", ""),
            }
        return True
