export {
  MultiSelect,
  type MultiSelectChange,
  type MultiSelectOption,
  type MultiSelectProps,
} from '../../../engine';
