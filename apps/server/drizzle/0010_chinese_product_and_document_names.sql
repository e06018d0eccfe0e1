-- Chinese names beside the spec's English ones (decision 222): a product's short name and a tax
-- report's document name. Null: the product's Chinese name, the English document name.
ALTER TABLE "product_profile" ADD COLUMN "short_name_zh" text;--> statement-breakpoint
ALTER TABLE "tax_report" ADD COLUMN "document_name_zh" text;
