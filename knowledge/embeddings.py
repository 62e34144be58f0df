"""The sentence-transformers embedding model, loaded lazily and offline by default.

Importing sentence-transformers takes seconds; nothing here runs until an embedding is needed, so
re-indexing an unchanged corpus and the quoting commands never pay for it.
"""

import os
from functools import cache

from langchain_core.embeddings import Embeddings

from knowledge.batching import BatchedQueries
from knowledge.settings import embedding_model


@cache
def load_embeddings() -> Embeddings:
    name, packaged = embedding_model()
    if packaged:
        # The packaged model is complete on disk: make sure nothing tries the network.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
    from langchain_huggingface import HuggingFaceEmbeddings
    from transformers.utils import logging as transformers_logging

    # No "Loading weights" bar in the user's terminal (transformers ships this untyped).
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]

    return BatchedQueries(
        HuggingFaceEmbeddings(
            model_name=name,
            model_kwargs={"device": "cpu"},
            encode_kwargs={"normalize_embeddings": True},
        )
    )
