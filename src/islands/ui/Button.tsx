import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styles from './ui.module.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  /** primary: the main action; secondary: outlined; quiet: icon-sized steppers and row actions. */
  variant?: 'primary' | 'secondary' | 'quiet';
  wide?: boolean;
  className?: string;
}

/** The one button of the islands (react-aria: press, keyboard and focus-visible handled alike everywhere). */
export function Button({ variant = 'primary', wide = false, className, ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], wide && styles.wide, className].filter(Boolean).join(' ');
  return <AriaButton {...props} className={classes} />;
}
