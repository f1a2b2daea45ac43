import type { Option } from '@hsa-lli/common/domain';

/** The French label of a value among options of common/domain (the value itself if unknown). */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
