import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** The four kinds of message of the interface: info (green), warning (orange), error (red), statement (blue). */
export type MessageKind = 'info' | 'warning' | 'error' | 'statement';

export interface Message {
  id: string;
  kind: MessageKind;
  text: string;
}

/** Messages any app can show in the shell's message area, above the page. */
export const messagesSlice = createSlice({
  name: 'messages',
  initialState: { items: [] as Message[] },
  reducers: {
    pushMessage: {
      reducer(state, action: PayloadAction<Message>) {
        state.items.push(action.payload);
      },
      prepare(message: Omit<Message, 'id'>) {
        return { payload: { ...message, id: nanoid() } };
      },
    },
    dismissMessage(state, action: PayloadAction<string>) {
      state.items = state.items.filter((message) => message.id !== action.payload);
    },
  },
  selectors: {
    selectMessages: (state) => state.items,
  },
});

export const { pushMessage, dismissMessage } = messagesSlice.actions;
export const { selectMessages } = messagesSlice.selectors;
