import type { z } from 'zod';
import { TextareaField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import styles from './dashboard.module.css';

type MessageSchema = z.ZodObject<{ body: z.ZodType<string, string> }>;

/** A member's message under a claim or a support request: one text box, cleared once the server has it. */
export function MessageForm({ schema, label, onSend }: { schema: MessageSchema; label: string; onSend: (message: { body: string }) => Promise<unknown> }) {
  const form = useZodForm(schema, { body: '' });
  return (
    <Form
      form={form}
      className={styles.messageForm}
      onSubmit={async (message) => {
        await onSend(message);
        form.reset({ body: '' });
      }}
    >
      <TextareaField name="body" label={label} maxLength={4000} />
      <FormError />
      <div>
        <SubmitButton label="Send message" busy="Sending…" className="button" />
      </div>
    </Form>
  );
}
