"""Adapters to the standard agent interfaces (docs/interop.md): every rules module as an OpenSpiel
game (:mod:`tactica.interop.openspiel`) and as a PettingZoo AEC environment
(:mod:`tactica.interop.pettingzoo_env`), with the fixed-size action and observation encodings they
share (:mod:`tactica.interop.encoding`). Needs the ``interop`` extra; nothing here is imported by
the engine."""
