"""Our own reply quoted back by the client is context, never their terms: the card and cloud it
names are not read as the client's, what they typed under it is."""

from bot.assistant.reading import read_message


def test_a_quoted_line_of_ours_sets_no_term_and_the_clients_line_does() -> None:
    reading = read_message(
        "> infrabot: Recomendo GPU: 1x NVIDIA A100 40 GB (gpu_1x_a100_sxm4, Lambda us).\n"
        "mas eu queria na azure, refaz?"
    )
    assert reading.fields["cloud"].value == "azure"
    assert "accelerator" not in reading.fields and not reading.accelerators


def test_a_message_that_only_quotes_us_is_still_read() -> None:
    reading = read_message("infrabot: LoRA no Llama 3 8B com 20 mil exemplos")
    assert reading.fields["examples"].value == 20000
