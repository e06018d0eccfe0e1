ALTER TABLE "policy_profile_mapping" DROP CONSTRAINT "policy_profile_mapping_profile_id_policy_party_id_fk";
--> statement-breakpoint
ALTER TABLE "policy_profile_mapping" ADD CONSTRAINT "policy_profile_mapping_profile_id_policy_party_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."policy_party"("id") ON DELETE cascade ON UPDATE no action;