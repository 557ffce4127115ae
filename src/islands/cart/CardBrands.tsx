import styles from './cart.module.css';

/** Card-brand marks (decorative); the sentence under them says the same for everyone. */
export function CardBrands() {
  return (
    <div className={styles.brands}>
      <div className={styles.brandIcons} aria-hidden="true">
        <svg viewBox="0 0 48 30" width="48" height="30" aria-hidden="true">
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text x="24" y="20" fill="#fff" fontSize="12" fontWeight="700" fontStyle="italic" textAnchor="middle">
            VISA
          </text>
        </svg>
        <svg viewBox="0 0 48 30" width="48" height="30" aria-hidden="true">
          <rect width="48" height="30" rx="4" fill="#222" />
          <circle cx="19" cy="15" r="9" fill="#eb001b" />
          <circle cx="29" cy="15" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
        <svg viewBox="0 0 48 30" width="48" height="30" aria-hidden="true">
          <rect width="48" height="30" rx="4" fill="#2e77bc" />
          <text x="24" y="19" fill="#fff" fontSize="10" fontWeight="700" textAnchor="middle">
            AMEX
          </text>
        </svg>
        <svg viewBox="0 0 48 30" width="48" height="30" aria-hidden="true">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#ccc" />
          <text x="6" y="18" fill="#222" fontSize="6.5" fontWeight="700">
            DISC
          </text>
          <circle cx="29" cy="15" r="4.5" fill="#f76f20" />
          <text x="34" y="18" fill="#222" fontSize="6.5" fontWeight="700">
            VR
          </text>
        </svg>
      </div>
      <p>We accept Visa, Mastercard, American Express and Discover</p>
    </div>
  );
}
