import { dismissMessage, selectMessages, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { MessageBox } from '@hsa-lli/common/ui';

/** The messages any app pushed into the shared store. */
export function MessageArea() {
  const messages = useAppSelector(selectMessages);
  const dispatch = useAppDispatch();
  if (messages.length === 0) return null;
  return (
    <div className="shell-messages" aria-live="polite">
      {messages.map((message) => (
        <MessageBox key={message.id} kind={message.kind} onClose={() => dispatch(dismissMessage(message.id))}>
          {message.text}
        </MessageBox>
      ))}
    </div>
  );
}
