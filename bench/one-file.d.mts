export function oneFile(count: number): string;
export function oneList(count: number): string;
