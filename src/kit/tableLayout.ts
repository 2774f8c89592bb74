/**
 * The width every system list is laid out for: it fits the card at 1280×800 with the side menu
 * open (an 896 px table), so no list scrolls sideways from 1280 up, and wider cards stretch it.
 * Narrower screens (a phone) scroll the table inside its card instead of squeezing the columns.
 */
export const TABLE_MIN_WIDTH = 880;

export const TABLE_SCROLL = { x: TABLE_MIN_WIDTH } as const;
