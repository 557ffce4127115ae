import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick'> {
  /** primary: the main action; secondary: outlined; quiet: icon-sized steppers and row actions. */
  variant?: 'primary' | 'secondary' | 'quiet';
  wide?: boolean;
  /** Unavailable: announced and drawn as disabled, and a press does nothing. */
  isDisabled?: boolean;
  /** Waiting for an answer: unavailable like isDisabled, and announced as busy. */
  isPending?: boolean;
  onPress?: () => void;
}

/**
 * The one button of the islands: a native <button>. Unavailable buttons use aria-disabled rather
 * than `disabled`, so they stay focusable and a press on one still reaches the page: a press
 * made before an island has hydrated can then be held and replayed (client:interaction).
 */
export function Button({
  variant = 'primary',
  wide = false,
  className,
  isDisabled = false,
  isPending = false,
  onPress,
  type = 'button',
  ...rest
}: ButtonProps) {
  const unavailable = isDisabled || isPending;
  const classes = [styles.button, styles[variant], wide && styles.wide, className].filter(Boolean).join(' ');
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    // Also keeps an unavailable submit button from submitting its form.
    if (unavailable) event.preventDefault();
    else onPress?.();
  };
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-disabled={unavailable || undefined}
      aria-busy={isPending || undefined}
      onClick={press}
    />
  );
}
