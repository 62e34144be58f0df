from pathlib import Path

from knowledge.sources import load_corpus, load_paths
from tests.helpers.pdf_fixture import pdf_with_text


def test_corpus_front_matter_is_read() -> None:
    corpus = load_corpus()
    assert len(corpus) >= 20
    first = corpus[0]
    assert first.source.startswith("corpus/") and first.title and first.questions
    assert not first.text.startswith("---")


def test_markdown_text_html_and_pdf_are_read(tmp_path: Path) -> None:
    (tmp_path / "nota.md").write_text("# Política de backup\n\nGuardamos 7 dias.", encoding="utf-8")
    (tmp_path / "leia.txt").write_text("Atendimento das 8h às 18h.", encoding="utf-8")
    (tmp_path / "pagina.html").write_text(
        "<html><head><title>Suporte</title><script>x()</script></head>"
        "<body><p>Chamados pelo portal.</p></body></html>",
        encoding="utf-8",
    )
    (tmp_path / "contrato.pdf").write_bytes(pdf_with_text("Prazo de pagamento 30 dias"))
    documents, skipped = load_paths([tmp_path])
    assert skipped == []
    by_name = {Path(d.source).name: d for d in documents}
    assert by_name["nota.md"].title == "Política de backup"
    assert "8h" in by_name["leia.txt"].text
    assert by_name["pagina.html"].title == "Suporte" and "x()" not in by_name["pagina.html"].text
    assert "Prazo de pagamento" in by_name["contrato.pdf"].text


def test_unreadable_files_are_reported_by_name_and_skipped(tmp_path: Path) -> None:
    (tmp_path / "bom.md").write_text("# Bom\n\nTexto válido.", encoding="utf-8")
    (tmp_path / "binario.txt").write_bytes(b"\xff\xfe\x00\x81 lixo")
    (tmp_path / "quebrado.pdf").write_bytes(b"%PDF-1.4 isto nao e um pdf")
    (tmp_path / "cabecalho.md").write_text("---\ntitle: [sem fim\n---\ntexto", encoding="utf-8")
    (tmp_path / "vazio.txt").write_text("   ", encoding="utf-8")
    documents, skipped = load_paths([tmp_path, tmp_path / "nao-existe.md"])
    assert [Path(d.source).name for d in documents] == ["bom.md"]
    reasons = {Path(s.path).name: s.reason for s in skipped}
    assert set(reasons) == {
        "binario.txt",
        "quebrado.pdf",
        "cabecalho.md",
        "vazio.txt",
        "nao-existe.md",
    }
    assert "UTF-8" in reasons["binario.txt"]
    assert "não existe" in reasons["nao-existe.md"]
