/**
 * A 6-digit code from an authenticator app: antd's `Input.OTP` (one cell per digit; typing, pasting
 * and the browser's one-time-code autofill fill them all), digits only. antd names its cells in
 * English ("OTP Input 1"): they are named in Chinese here, and the first cell asks for the
 * one-time-code autofill. Used inside a `Form.Item`: `onChange` reports what is typed so far (antd's
 * own fires only once every cell is filled, so a digit deleted afterwards went unnoticed);
 * `onComplete` fires when the sixth digit is in. The cells keep their own state: remount to clear.
 */
import { Input } from 'antd';
import type { OTPRef } from 'antd/es/input/OTP';
import { useEffect, useRef } from 'react';
import { FACTOR_TEXT as T } from '@/locales/zh-CN/factors';

export const CODE_LENGTH = 6;

interface Props {
  /** Form.Item's; the cells are not driven by it. */
  value?: string;
  onChange?: (value: string) => void;
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The group's name for a screen reader (the Form.Item's label is not tied to six inputs). */
  'aria-label'?: string;
}

/** Drops what is not a digit; keeps the spaces antd puts in for empty cells. */
const digitsOnly = (value: string) => value.replace(/[^\d ]/g, '');

export default function CodeInput({ onChange, onComplete, disabled, autoFocus, 'aria-label': label = T.totpCodeLabel }: Props) {
  const ref = useRef<OTPRef>(null);
  useEffect(() => {
    const cells = ref.current?.nativeElement.querySelectorAll('input') ?? [];
    cells.forEach((cell, index) => {
      cell.setAttribute('aria-label', T.totpCodeCell(index + 1));
      if (index === 0) cell.setAttribute('autocomplete', 'one-time-code');
    });
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <Input.OTP
      ref={ref}
      length={CODE_LENGTH}
      inputMode="numeric"
      formatter={digitsOnly}
      disabled={disabled}
      aria-label={label}
      onInput={(cells) => {
        const code = cells.join('');
        onChange?.(code);
        if (cells.length === CODE_LENGTH && /^\d{6}$/.test(code)) onComplete?.(code);
      }}
    />
  );
}
