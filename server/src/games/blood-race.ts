// A blood goes to the first transaction to commit it: PostgreSQL's unique index on a challenge's bloods (solves_blood)
// refuses it to any other, which then fails whole (nothing of it is kept) and is judged again, seeing the blood taken.
// That ends: each refusal means another transaction committed a blood of the challenge, and a challenge has three.
// SQLite's one writer never races.

const isBloodRace = (error: unknown): boolean => {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'solves_blood';
};

/** Runs `judge` (one statement, or one transaction) until no other process took a blood it took. */
export const judgedOnce = async <T>(judge: () => Promise<T>): Promise<T> => {
  for (;;) {
    try {
      return await judge();
    } catch (error) {
      if (!isBloodRace(error)) throw error;
    }
  }
};
