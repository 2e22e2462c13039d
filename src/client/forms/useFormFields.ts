import { useCallback, useMemo, useState } from 'react';
import { firstError, type Rule, type RuleContext } from '../../shared/formRules';

/** A field of a form: its starting value and its rules, first failing rule wins. */
export interface FieldSpec<V> {
  initial: V;
  rules?: readonly Rule[];
}

type Values = Record<string, string | boolean>;

/** What a widget needs from the form for one field. */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange(value: V): void;
  onBlur(): void;
  /** The field's first error, shown only once the field is dirty or touched. */
  error: string | undefined;
}

/** The state of a form's fields: values, dirty and touched flags, and errors derived from the rules. */
export interface FormFields<T extends Values> {
  values: T;
  /** Binds a field to a widget. */
  bind<K extends keyof T & string>(name: K): BoundField<T[K]>;
  /** Sets a value as the user would (the field becomes dirty). */
  setValue<K extends keyof T & string>(name: K, value: T[K]): void;
  /** True when no field breaks a rule. */
  isValid: boolean;
  /** Marks every control touched, so that every error shows (an invalid submit). */
  touchAll(): void;
  /** Back to the starting values, nothing dirty or touched. */
  reset(): void;
}

/**
 * Form state for the feedback and support forms. Errors are computed from the values on every
 * render, so when two confirmation fields become equal the error clears on both at once.
 */
export function useFormFields<T extends Values>(specs: { [K in keyof T]: FieldSpec<T[K]> }): FormFields<T> {
  const initial = useMemo(() => {
    const v = {} as T;
    for (const k of Object.keys(specs) as (keyof T)[]) v[k] = specs[k].initial;
    return v;
  }, [specs]);
  const [values, setValues] = useState<T>(initial);
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const ctx: RuleContext = useMemo(
    () => ({ values, seen: (name: string) => dirty.has(name) || touched.has(name) }),
    [values, dirty, touched],
  );
  const errors = useMemo(() => {
    const out: Partial<Record<keyof T, string>> = {};
    for (const k of Object.keys(specs) as (keyof T & string)[]) {
      const e = firstError(values[k], specs[k].rules ?? [], ctx);
      if (e) out[k] = e;
    }
    return out;
  }, [specs, values, ctx]);

  const setValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDirty((d) => (d.has(name) ? d : new Set(d).add(name)));
  }, []);
  const touch = useCallback((name: string) => {
    setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
  }, []);

  return {
    values,
    bind: (name) => ({
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur: () => touch(name),
      error: ctx.seen(name) ? errors[name] : undefined,
    }),
    setValue,
    isValid: Object.keys(errors).length === 0,
    touchAll: () => setTouched(new Set(Object.keys(specs))),
    reset: () => {
      setValues(initial);
      setDirty(new Set());
      setTouched(new Set());
    },
  };
}
