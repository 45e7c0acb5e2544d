/**
 * Counter, gauge and histogram for the Prometheus exposition. The relay records on every call, so
 * recording is kept to a field update: a labelled metric hands out one cached child per label-value
 * tuple, callers keep the child they need, and nothing on the recording path builds strings or
 * allocates.
 */

/** The Prometheus metric types Tollgate exposes. */
export type MetricType = 'counter' | 'gauge' | 'histogram';

/** One label value per label name, in the order the names were given. */
export type LabelValues<Names extends readonly string[]> = {
  -readonly [Index in keyof Names]: string;
};

/** A child together with the label values it was created for. */
export interface LabelledChild<Child> {
  readonly labelValues: readonly string[];
  readonly child: Child;
}

/** How gauges of several worker processes combine into one value (counters always add up). */
export type GaugeAggregation = 'sum' | 'min' | 'max';

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A counter series: only goes up. */
export class CounterChild {
  private current = 0;

  /** Adds `amount` (default 1); a negative or NaN amount is a programming error. */
  inc(amount = 1): void {
    if (!(amount >= 0)) throw new Error(`A counter only goes up: cannot add ${amount}`);
    this.current += amount;
  }

  get value(): number {
    return this.current;
  }
}

/** A gauge series: a value that goes up and down. */
export class GaugeChild {
  private current = 0;

  inc(amount = 1): void {
    this.current += amount;
  }

  dec(amount = 1): void {
    this.current -= amount;
  }

  set(value: number): void {
    this.current = value;
  }

  get value(): number {
    return this.current;
  }
}

/** A histogram series over the fixed bucket bounds of its metric. */
export class HistogramChild {
  // Per-bucket (not cumulative) counts, so an observation touches one slot; the last slot counts
  // values above every bound. Cumulated only when a snapshot is taken.
  private readonly counts: Float64Array;
  private total = 0;
  private observed = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Records one value; a value equal to a bound falls into that bound's bucket (`le`). */
  observe(value: number): void {
    // A NaN would turn `_sum` into NaN for the life of the process.
    if (value !== value) return;
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]) index += 1;
    this.counts[index] += 1;
    this.total += value;
    this.observed += 1;
  }

  get sum(): number {
    return this.total;
  }

  get count(): number {
    return this.observed;
  }

  /** Cumulative counts, one per bound (the `+Inf` bucket equals `count`). */
  cumulativeCounts(): number[] {
    const cumulative: number[] = [];
    let running = 0;
    for (let index = 0; index < this.bounds.length; index += 1) {
      running += this.counts[index];
      cumulative.push(running);
    }
    return cumulative;
  }
}

/**
 * What the three metric types share: name, help, label names and the children by label values.
 * Children live in nested maps (first value → second value → … → child) so a lookup never joins
 * the values into a key.
 */
abstract class Metric<Child, Names extends readonly string[]> {
  abstract readonly type: MetricType;
  private readonly root = new Map<string, unknown>();
  private readonly created: LabelledChild<Child>[] = [];
  /** The only child of an unlabelled metric (undefined when the metric has labels). */
  protected readonly single: Child | undefined;

  protected constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: Names,
    private readonly createChild: () => Child,
  ) {
    if (!METRIC_NAME.test(name)) throw new Error(`Invalid metric name "${name}"`);
    const seen = new Set<string>();
    for (const labelName of labelNames) {
      if (!LABEL_NAME.test(labelName) || labelName.startsWith('__')) {
        throw new Error(`Invalid label name "${labelName}" on metric ${name}`);
      }
      if (seen.has(labelName)) throw new Error(`Label "${labelName}" repeated on metric ${name}`);
      seen.add(labelName);
    }
    // An unlabelled series is exported from the start (as 0), as Prometheus clients do.
    if (labelNames.length === 0) {
      this.single = createChild();
      this.created.push({ labelValues: [], child: this.single });
    }
  }

  /** The child for these label values, created on first use and cached for the metric's life. */
  labels(...values: LabelValues<Names>): Child {
    const list = values as unknown as readonly string[];
    const depth = this.labelNames.length;
    if (list.length !== depth) {
      throw new Error(
        `Metric ${this.name} takes ${depth} label values (${this.labelNames.join(', ')}), got ${list.length}`,
      );
    }
    if (this.single !== undefined) return this.single;
    let node = this.root;
    for (let index = 0; index < depth - 1; index += 1) {
      let next = node.get(list[index]) as Map<string, unknown> | undefined;
      if (next === undefined) {
        next = new Map<string, unknown>();
        node.set(list[index], next);
      }
      node = next;
    }
    const found = node.get(list[depth - 1]) as Child | undefined;
    if (found !== undefined) return found;
    return this.addChild(node, list);
  }

  /** Every child with its label values, in creation order. */
  get children(): readonly LabelledChild<Child>[] {
    return this.created;
  }

  /** The single child of an unlabelled metric; calling it on a labelled metric is a bug. */
  protected get unlabelled(): Child {
    if (this.single === undefined) {
      throw new Error(
        `Metric ${this.name} has labels (${this.labelNames.join(', ')}): use labels()`,
      );
    }
    return this.single;
  }

  private addChild(parent: Map<string, unknown>, values: readonly string[]): Child {
    for (const value of values) {
      if (typeof value !== 'string') {
        throw new Error(`Metric ${this.name}: label values must be strings, got ${typeof value}`);
      }
    }
    const child = this.createChild();
    parent.set(values[values.length - 1], child);
    this.created.push({ labelValues: [...values], child });
    return child;
  }
}

/** A Prometheus counter; unlabelled counters can be incremented directly. */
export class Counter<Names extends readonly string[] = readonly string[]> extends Metric<
  CounterChild,
  Names
> {
  readonly type = 'counter';

  constructor(name: string, help: string, labelNames: Names) {
    super(name, help, labelNames, () => new CounterChild());
  }

  inc(amount = 1): void {
    this.unlabelled.inc(amount);
  }
}

/** A Prometheus gauge; unlabelled gauges can be changed directly. */
export class Gauge<Names extends readonly string[] = readonly string[]> extends Metric<
  GaugeChild,
  Names
> {
  readonly type = 'gauge';

  constructor(
    name: string,
    help: string,
    labelNames: Names,
    /** How a merge of worker snapshots combines this gauge. */
    readonly aggregation: GaugeAggregation = 'sum',
  ) {
    super(name, help, labelNames, () => new GaugeChild());
  }

  inc(amount = 1): void {
    this.unlabelled.inc(amount);
  }

  dec(amount = 1): void {
    this.unlabelled.dec(amount);
  }

  set(value: number): void {
    this.unlabelled.set(value);
  }
}

/** A Prometheus histogram with fixed, strictly ascending, finite bucket bounds. */
export class Histogram<Names extends readonly string[] = readonly string[]> extends Metric<
  HistogramChild,
  Names
> {
  readonly type = 'histogram';
  readonly buckets: readonly number[];

  constructor(name: string, help: string, labelNames: Names, buckets: readonly number[]) {
    const bounds = checkBuckets(name, buckets);
    super(name, help, labelNames, () => new HistogramChild(bounds));
    if (labelNames.includes('le')) throw new Error(`Histogram ${name} cannot use the label "le"`);
    this.buckets = bounds;
  }

  observe(value: number): void {
    this.unlabelled.observe(value);
  }
}

function checkBuckets(name: string, buckets: readonly number[]): readonly number[] {
  if (buckets.length === 0) throw new Error(`Histogram ${name} needs at least one bucket bound`);
  for (let index = 0; index < buckets.length; index += 1) {
    const bound = buckets[index];
    if (!Number.isFinite(bound)) {
      throw new Error(`Histogram ${name}: bucket bounds must be finite (+Inf is implied)`);
    }
    if (index > 0 && bound <= buckets[index - 1]) {
      throw new Error(`Histogram ${name}: bucket bounds must be strictly ascending`);
    }
  }
  // A private copy: a caller changing its array later must not shift the buckets.
  return Object.freeze([...buckets]);
}

/** Any metric, as the registry holds them. */
export type AnyMetric = Counter | Gauge | Histogram;
