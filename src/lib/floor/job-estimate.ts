/**
 * How long a job takes on a lane of the shop floor (issue 46): setups + pieces × locations ÷ rate.
 * A lane is a press, an embroidery machine, a DTG printer, a cutter or a decoration method, with
 * the methods it can do, its minutes per working day, its setup minutes and its run rate.
 */
export interface Lane {
  id: string;
  name: string;
  /** Decoration methods it can do, as price lists name them ('screen_print', 'embroidery', ...). */
  methods: readonly string[];
  /** Minutes of work it has on a working day. */
  minutesPerDay: number;
  setup: {
    /** Once per job (load, test print, clean up). */
    perJob: number;
    /** Per screen, i.e. per colour of each screen-printed design location. */
    perScreen: number;
    /** Per hooping, i.e. per embroidered piece and location. */
    perHooping: number;
  };
  /** Pieces an hour, per location, at full speed. */
  piecesPerHour: number;
  /** The share of the full rate a location runs at, by location code (sleeves 0.6); 1 when absent. */
  locationRates: Readonly<Record<string, number>>;
}

/** One design location of a job: its method, where, its colours (screen print) and how many pieces. */
export interface JobPrint {
  method: string;
  location: string;
  colors?: number;
  pieces: number;
}

/** An order line as the estimate reads it: its quantity and the locations its pricing kept. */
export interface EstimateLine {
  quantity: number;
  pricing: { inputs: { locations: readonly { code: string; method: string; colors?: number }[] } } | null;
}

/**
 * The job's prints: lines printed the same way (one design in several sizes or colours) are one
 * print, so its screens are burned once and its pieces run together.
 */
export function printsOfLines(lines: readonly EstimateLine[]): JobPrint[] {
  const prints = new Map<string, JobPrint>();
  for (const line of lines) {
    for (const l of line.pricing?.inputs.locations ?? []) {
      const key = `${l.method}\u0000${l.code}\u0000${l.colors ?? ''}`;
      const print = prints.get(key);
      if (print) print.pieces += line.quantity;
      else
        prints.set(key, {
          method: l.method,
          location: l.code,
          ...(l.colors !== undefined ? { colors: l.colors } : {}),
          pieces: line.quantity,
        });
    }
  }
  return [...prints.values()];
}

export interface LaneEstimate {
  setupMinutes: number;
  runMinutes: number;
  /** setupMinutes + runMinutes, whole minutes. */
  minutes: number;
  /** The prints whose method the lane cannot do (another lane's work). */
  refused: { method: string; location: string; pieces: number }[];
}

/** Whole minutes, up: 8.33 minutes of work take 9 on the floor (a float's dust is not a minute). */
const wholeMinutes = (minutes: number) => Math.ceil(minutes - 1e-9);

/** The job's minutes on `lane`, from the prints of the methods it can do; nothing when it can do none. */
export function estimateOnLane(lane: Lane, prints: readonly JobPrint[]): LaneEstimate {
  const mine = prints.filter((p) => lane.methods.includes(p.method));
  const refused = prints
    .filter((p) => !lane.methods.includes(p.method))
    .map((p) => ({ method: p.method, location: p.location, pieces: p.pieces }));
  if (mine.length === 0) return { setupMinutes: 0, runMinutes: 0, minutes: 0, refused };
  let setup = lane.setup.perJob;
  let run = 0;
  for (const p of mine) {
    if (p.method === 'screen_print') setup += lane.setup.perScreen * (p.colors ?? 1);
    if (p.method === 'embroidery') setup += lane.setup.perHooping * p.pieces;
    const rate = lane.piecesPerHour * (lane.locationRates[p.location] ?? 1);
    if (!(rate > 0))
      throw new RangeError(`${lane.name} has no run rate for ${p.location}: it cannot print anything there.`);
    run += (p.pieces / rate) * 60;
  }
  const setupMinutes = wholeMinutes(setup);
  const runMinutes = wholeMinutes(run);
  return { setupMinutes, runMinutes, minutes: setupMinutes + runMinutes, refused };
}
