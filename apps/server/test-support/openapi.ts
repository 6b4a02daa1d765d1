/**
 * The calls of the server as its OpenAPI document (`/api/docs/json`) lists them, for the
 * tests that walk every call (isolation, generated bad input): a call added to the server
 * is walked without a new test.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
};

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it: `/api/label/{id}`. */
  path: string;
  summary: string;
  parameters: ApiParameter[];
  /** The JSON body's schema; multipart calls (files) have none in the document. */
  body?: { required: boolean; schema: JsonSchema };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { summary?: string; parameters?: ApiParameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> } }>>;
}

export async function apiOperations(baseUrl: string): Promise<ApiOperation[]> {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (!response.ok) throw new Error(`/api/docs/json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const json = operation.requestBody?.content['application/json'];
      operations.push({
        method: method.toUpperCase() as ApiOperation['method'],
        path,
        summary: operation.summary ?? '',
        parameters: (operation.parameters ?? []).map((parameter) => ({ ...parameter, required: parameter.required ?? false })),
        ...(json ? { body: { required: operation.requestBody?.required ?? false, schema: json.schema } } : {}),
      });
    }
  }
  return operations;
}

/** `/api/label/{id}` with `{id: 'x'}` → `/api/label/x` (values are URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
