import styles from '../SuccessSummary.module.css';

/** Under a receipt line: where its pieces are printed ("Print: Front, Back"); nothing for a line without print. */
export function LinePrint({ print }: { print: readonly string[] }) {
  if (print.length === 0) return null;
  return <span className={styles.print}> Print: {print.join(', ')}</span>;
}
