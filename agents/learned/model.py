"""The learned agent's model: an estimate of how a position ends for the seat that sees it (its
share of the win, or its score in a one-seat game), from the seat's view encoded as numbers.

Trained with scikit-learn (``fitting``), kept as plain arrays: the layers of a linear model (or
of a perceptron: ReLU between layers) and the scale of its target, and next to it the distilled
policy's trees (``policy``), which the agent plays by default. Read back with numpy alone,
from a file that holds only numbers and a JSON header (no pickle, so loading a model file never
runs code), and evaluated with a few matrix products: the agent asks it once per decision, for
all options at once.

The header says which ruleset the model was trained for (``digest``, see ``store``): a model is
used only for that ruleset.
"""
from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from peloponnes.core.errors import ConfigError

from .policy import Policy

FORMAT = "peloponnes-learned-model/2"
FORMAT_NAME = FORMAT.rpartition("/")[0]
POLICY = "policy_"      # the prefix of the distilled policy's arrays in a model file


class OlderModel(ConfigError):
    """A model file written by an older version of the learned agent."""


@dataclass
class ValueModel:
    """``weights``/``biases``: the perceptron's layers (ReLU between them, none after the last);
    predictions are ``y_mean + y_scale * output``. ``info``: the header: ``digest`` (the
    ruleset), ``variant``, ``players``, ``plugins``, ``features`` (the layout's size),
    ``target`` ("win share" or "score") and how it was trained."""
    weights: list[np.ndarray]
    biases: list[np.ndarray]
    y_mean: float
    y_scale: float
    info: dict = field(default_factory=dict)
    policy: Policy | None = None

    @property
    def digest(self) -> str:
        return self.info["digest"]

    def predict(self, rows: np.ndarray) -> np.ndarray:
        """The estimated outcome of each row (a seat's encoded view)."""
        out = rows
        last = len(self.weights) - 1
        for i, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            out = out @ weight + bias
            if i < last:
                np.maximum(out, 0.0, out=out)
        return self.y_mean + self.y_scale * out[:, 0]

    # --- files --------------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the model to ``path`` (numpy's .npz: arrays and the JSON header)."""
        path = Path(path)
        arrays = {f"weight{i}": w for i, w in enumerate(self.weights)}
        arrays.update({f"bias{i}": b for i, b in enumerate(self.biases)})
        if self.policy is not None:
            arrays.update({POLICY + name: a for name, a in self.policy.arrays().items()})
            arrays[POLICY + "base"] = np.array(self.policy.base)
        header = {"format": FORMAT, "y_mean": self.y_mean, "y_scale": self.y_scale,
                  "layers": len(self.weights), **self.info}
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        with open(partial, "wb") as out:
            np.savez(out, header=np.array(json.dumps(header, sort_keys=True)), **arrays)
        partial.replace(path)       # whole or not at all: a reader never sees half a model
        return path

    @classmethod
    def load(cls, path: str | Path) -> ValueModel:
        """Read a model file; anything else (a damaged file, another format) is a ConfigError
        that names the file."""
        path = Path(path)
        if path.is_file() and not zipfile.is_zipfile(path):
            raise ConfigError(f"{path} is not a learned-agent model file (not a .npz archive)")
        try:
            with np.load(path, allow_pickle=False) as data:
                header = json.loads(str(data["header"]))
                if str(header.get("format")).startswith(FORMAT_NAME + "/") and \
                        header["format"] != FORMAT:
                    raise OlderModel(f"{path} was trained by an older version of the learned"
                                     " agent: `peloponnes models clear`, then train again")
                if header.get("format") != FORMAT:
                    raise ValueError(f"format {header.get('format')!r}, expected {FORMAT}")
                layers = int(header.pop("layers"))
                weights = [data[f"weight{i}"].astype(np.float32) for i in range(layers)]
                biases = [data[f"bias{i}"].astype(np.float32) for i in range(layers)]
                policy = None
                if POLICY + "base" in data:
                    policy = Policy(*(data[POLICY + name] for name in Policy.ARRAYS),
                                    float(data[POLICY + "base"]))
        except FileNotFoundError:
            raise ConfigError(f"{path}: no such model file") from None
        except (OSError, ValueError, KeyError, TypeError, IndexError,
                json.JSONDecodeError) as exc:
            raise ConfigError(f"{path} is not a learned-agent model file ({exc})") from None
        header.pop("format")
        model = cls(weights, biases, float(header.pop("y_mean")), float(header.pop("y_scale")),
                    header, policy)
        problem = model.malformed()
        if problem:
            raise ConfigError(f"{path} is not a usable learned-agent model: {problem}")
        return model

    def malformed(self) -> str | None:
        """What makes these arrays no model this agent can evaluate (a damaged or hand-made
        file), or None: matrices whose sizes chain from the layout's features to one output,
        a bias per output, finite numbers throughout."""
        if not self.weights:
            return "it has no layers"
        inputs = self.info.get("features", self.weights[0].shape[0])
        for i, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            if weight.ndim != 2 or bias.shape != (weight.shape[1],) or weight.shape[0] != inputs:
                return f"layer {i} does not fit the one before it (or the {inputs} features)"
            if not (np.isfinite(weight).all() and np.isfinite(bias).all()):
                return f"layer {i} holds numbers that are not finite"
            inputs = weight.shape[1]
        if inputs != 1:
            return f"its last layer gives {inputs} numbers, not one estimate"
        if not (np.isfinite(self.y_mean) and np.isfinite(self.y_scale)):
            return "its scale is not finite"
        if self.policy is not None and "policy_columns" in self.info:
            return self.policy.malformed(int(self.info["policy_columns"]))
        return None
