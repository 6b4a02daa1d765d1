export interface Attachment {
  filename: string;
  base_64: string;
}

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      // A data URL is "data:<type>;base64,<content>"; only the content is sent.
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`Reading ${file.name} failed`));
    reader.readAsDataURL(file);
  });
}

export async function readAttachments(files: File[]): Promise<Attachment[]> {
  return Promise.all(files.map(async (file) => ({ filename: file.name, base_64: await readAsBase64(file) })));
}
