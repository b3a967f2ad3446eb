"""Fitting the value model with scikit-learn: ridge regression (``Ridge``, L2-penalised least
squares) of the labels on the kept views. A linear model on the variant's features: fitted in
seconds, evaluated with one matrix product, and, at the budgets measured (docs/agents.md), as
strong as a multi-layer perceptron fitted twenty times longer. Ridge's solver is exact (no
random state): the same samples give the same model. Where a GPU is present (``device``), the
value model is fitted there; the policy's trees always on the CPU."""
from __future__ import annotations

import numpy as np

from .device import Accelerator, dispatching, to_numpy
from .model import ValueModel

ALPHA = 10.0        # the L2 penalty (features lie in [0, 1]; chosen on held-out games)


def fit_value_model(rows: np.ndarray, labels: np.ndarray, *, info: dict,
                    alpha: float = ALPHA, on: Accelerator | None = None) -> ValueModel:
    """A ValueModel fitted to ``labels`` from ``rows`` (``info``: its header), on the CPU or
    ``on`` an accelerator (scikit-learn's array API: there its one portable solver, the SVD,
    which gives the CPU's solution up to rounding). An accelerator that fails (out of memory, a
    driver's error) leaves the fit to the CPU rather than lose the games played; the header's
    ``value_model_fitted_on`` says where it was fitted, and why not on the accelerator."""
    from sklearn.linear_model import Ridge

    fitted_on = "CPU"
    regressor = None
    if on is not None:
        try:
            with dispatching():
                regressor = Ridge(alpha=alpha, solver="svd").fit(on.put(rows), on.put(labels))
            fitted_on = on.name
        except (RuntimeError, ValueError, TypeError, ImportError, MemoryError) as exc:
            fitted_on = f"CPU, the {on.name} having failed: {str(exc).splitlines()[0]:.200}"
    if regressor is None:
        regressor = Ridge(alpha=alpha).fit(rows, labels)
    weight = to_numpy(regressor.coef_).astype(np.float32).reshape(-1, 1)
    bias = np.array([float(to_numpy(regressor.intercept_))], dtype=np.float32)
    return ValueModel([weight], [bias], 0.0, 1.0,
                      {**info, "features": rows.shape[1], "value_model_fitted_on": fitted_on})


# The distilled policy's trees (``policy``): the settings that measured best (docs/agents.md).
POLICY_TREES = dict(max_iter=150, max_depth=7, learning_rate=0.1, l2_regularization=1.0,
                    min_samples_leaf=40, early_stopping=False, random_state=0)


def fit_policy(rows: np.ndarray, advantages: np.ndarray, allowed: np.ndarray | None = None):
    """The distilled policy: scikit-learn's histogram gradient-boosted regression trees fitted
    to the options' ``advantages`` from the compact columns of ``rows`` that vary (the hashed
    columns are left out; ``allowed``: the only columns it may read), flattened into a
    ``policy.Policy`` (None where no column varies). The same rows, the same trees."""
    from sklearn.ensemble import HistGradientBoostingRegressor

    from .policy import WIDTH

    varying = np.flatnonzero(rows.min(axis=0) != rows.max(axis=0))
    if allowed is not None:
        varying = np.intersect1d(varying, allowed)
    keep = varying[varying >= WIDTH]
    if not keep.size:
        return None
    return flatten(HistGradientBoostingRegressor(**POLICY_TREES).fit(rows[:, keep], advantages),
                   keep)


def flatten(fitted, keep: np.ndarray):
    """A fitted histogram gradient boosting model (one output) as a ``policy.Policy`` reading
    the columns ``keep`` (its predictions are the model's raw ones: log-odds for a
    classifier)."""
    from .policy import Policy

    predictors = [tree[0] for tree in fitted._predictors]
    shape = (len(predictors), max(len(p.nodes) for p in predictors))
    feature, left, right = (np.zeros(shape, dtype=np.int64) for _ in range(3))
    threshold, value = np.full(shape, np.inf), np.zeros(shape)
    for t, predictor in enumerate(predictors):
        nodes, n = predictor.nodes, len(predictor.nodes)
        leaf = nodes["is_leaf"].astype(bool)
        feature[t, :n] = np.where(leaf, 0, nodes["feature_idx"])
        threshold[t, :n] = np.where(leaf, np.inf, nodes["num_threshold"])
        left[t, :n] = np.where(leaf, np.arange(n), nodes["left"])
        right[t, :n] = np.where(leaf, np.arange(n), nodes["right"])
        value[t, :n] = np.where(leaf, nodes["value"], 0.0)
    return Policy(keep, feature, threshold, left, right, value,
                  float(np.ravel(fitted._baseline_prediction)[0]))
