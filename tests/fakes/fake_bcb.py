"""A fake Banco Central PTAX OData service on 127.0.0.1 (random port): it answers
CotacaoDolarPeriodo in the service's JSON wire format and records each request."""

import json
import threading
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

PATH = "/olinda/servico/PTAX/versao/v1/odata/"


class FakeBcb:
    def __init__(self) -> None:
        # (venda, day) bulletins the service knows; the answer holds those in the asked period
        self.bulletins: list[tuple[float, date]] = []
        self.failing = False  # answer 503, as the service does when it is down
        self.requests: list[dict[str, list[str]]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                fake._answer(self)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{PATH}"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        query = parse_qs(parts.query)
        self.requests.append(query)
        if self.failing or not parts.path.startswith(PATH + "CotacaoDolarPeriodo("):
            handler.send_response(503 if self.failing else 404)
            handler.end_headers()
            return
        first = _odata_date(query["@dataInicial"][0])
        last = _odata_date(query["@dataFinalCotacao"][0])
        rows = [
            {
                "cotacaoCompra": round(venda - 0.0006, 4),
                "cotacaoVenda": venda,
                "dataHoraCotacao": f"{day.isoformat()} 13:04:28.829",
            }
            for venda, day in self.bulletins
            if first <= day <= last
        ]
        body = json.dumps({"@odata.context": "fake", "value": rows}).encode()
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json;odata.metadata=minimal")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)


def _odata_date(text: str) -> date:
    """'MM-DD-YYYY', quoted, as the PTAX service takes its parameters."""
    month, day, year = text.strip("'").split("-")
    return date(int(year), int(month), int(day))
