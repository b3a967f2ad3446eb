"""Where the learned agent's models are fitted: the CPU, or a GPU where one is present.

scikit-learn fits the value model (``Ridge``) on a GPU through its array API support: the rows
go to the GPU as PyTorch tensors, scikit-learn does the same ridge regression there (the SVD
solver, the one it runs on any array library), and the weights come back as numpy. What a GPU
needs: PyTorch that sees a CUDA device, scikit-learn 1.6 or newer and SciPy 1.14 or newer. The
distilled policy's trees (scikit-learn's histogram gradient boosting) have no GPU code, and the
games are Python: both stay on the CPU whatever the device.

``auto`` (the default) uses a GPU where one is present and the CPU otherwise; ``cpu`` never
looks for one; ``gpu`` fails with a clear error where none is usable. A GPU is never needed.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from peloponnes.core.errors import ConfigError

DEVICES = ("auto", "cpu", "gpu")


@dataclass(frozen=True)
class Accelerator:
    """An array library's device scikit-learn fits on: ``put`` moves a numpy array there;
    ``name`` says which device, for the model's header and the messages."""
    name: str
    put: object         # Callable[[np.ndarray], array]


def why_no_gpu() -> str | None:
    """Why no GPU can fit here (None: one can)."""
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    except OSError as exc:      # installed, but its CUDA libraries do not load
        return f"PyTorch does not load: {exc}"
    if not torch.cuda.is_available():
        return "PyTorch sees no CUDA device"
    import scipy
    import sklearn
    if _version(sklearn.__version__) < (1, 6):
        return f"scikit-learn {sklearn.__version__} is older than 1.6"
    if _version(scipy.__version__) < (1, 14):
        return f"SciPy {scipy.__version__} is older than 1.14"
    return None


def _version(text: str) -> tuple[int, int]:
    major, minor = (text.split(".") + ["0"])[:2]
    return int(major), int("".join(c for c in minor if c.isdigit()) or 0)


def gpu() -> Accelerator:
    """PyTorch's first CUDA device (``why_no_gpu`` must have said yes)."""
    import torch

    device = torch.device("cuda", 0)
    return Accelerator(f"GPU ({torch.cuda.get_device_name(device)})",
                       lambda array: torch.as_tensor(array, device=device))


def accelerator(device: str) -> Accelerator | None:
    """The accelerator ``device`` ("auto", "cpu" or "gpu") asks for here (None: the CPU)."""
    if device not in DEVICES:
        raise ConfigError(f"unknown device '{device}' (known: {', '.join(DEVICES)})")
    if device == "cpu":
        return None
    reason = why_no_gpu()
    if reason is None:
        return gpu()
    if device == "gpu":
        raise ConfigError(f"no GPU to fit on: {reason} (use --device auto or cpu; a GPU is"
                          " never needed)")
    return None


def dispatching():
    """scikit-learn's array API dispatch switched on for a ``with`` block. SciPy reads
    ``SCIPY_ARRAY_API`` when first imported; scikit-learn insists on it being set."""
    import sklearn

    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    return sklearn.config_context(array_api_dispatch=True)


def to_numpy(array):
    """An array of any library on any device as a numpy array on the CPU."""
    import numpy as np

    if hasattr(array, "cpu"):       # a PyTorch tensor, maybe on a GPU
        array = array.cpu()
    return np.asarray(array)
