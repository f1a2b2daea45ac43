import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** The four kinds of message of the interface: info (green), warning (orange), error (red), statement (blue). */
export type MessageKind = 'info' | 'warning' | 'error' | 'statement';

export interface Message {
  id: string;
  kind: MessageKind;
  text: string;
}

/**
 * Messages any app can show in the shell's message area, above the page. A confirmation (info) replaces the earlier
 * ones, which only said that a past action went well: a member giving a dozen opinions in a row, or staff adding six
 * candidates, would otherwise push the page down under a pile of them. Warnings, errors and statements stay until
 * dismissed.
 */
export const messagesSlice = createSlice({
  name: 'messages',
  initialState: { items: [] as Message[] },
  reducers: {
    pushMessage: {
      reducer(state, action: PayloadAction<Message>) {
        if (action.payload.kind === 'info') state.items = state.items.filter((message) => message.kind !== 'info');
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
